#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ObservableType where Element == Data {
    /// Decodes each `Data` element into `type` with `decoder`.
    ///
    /// A decoding failure ends the sequence with the decoder's error.
    ///
    /// ```
    /// source:                               -data1-data2-|
    /// decode(type: User.self, decoder: d):  -user1-user2-|
    /// ```
    ///
    /// ```swift
    /// responses                                   // Observable<Data>
    ///     .decode(type: [User].self, decoder: JSONDecoder())
    ///     .subscribe(onNext: { users in print(users.count) })
    /// ```
    ///
    /// - Parameters:
    ///   - type: The `Decodable` type to decode each element into.
    ///   - decoder: Any ``DataDecoder``: `JSONDecoder`, `PropertyListDecoder` or your own.
    /// - Returns: A sequence of the decoded values.
    public func decode<Item: Decodable>(type: Item.Type, decoder: some DataDecoder) -> Observable<Item> {
        map { data in try decoder.decode(type, from: data) }
    }
}

/// Something that decodes a `Decodable` value from raw `Data`, as ``ObservableType/decode(type:decoder:)``
/// needs. `JSONDecoder` and `PropertyListDecoder` conform; conform your own decoders.
///
/// ```swift
/// struct LineDecoder: DataDecoder {
///     func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
///         try JSONDecoder().decode(type, from: data.split(separator: 10).first ?? Data())
///     }
/// }
/// ```
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`, or throws.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: The bytes to decode it from.
    /// - Returns: The decoded value.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}
