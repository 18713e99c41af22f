/// A subject's subscribers at one moment: an immutable list, replaced (never changed)
/// when someone subscribes or leaves, so a delivery can go on reading the list it
/// started with while the subject moves on.
///
/// The items are `SubjectObserver<Element>`s stored as `AnyObject`: an array whose type
/// does not mention `Element` is fully specialised by the compiler, whereas
/// `ContiguousArray<SubjectObserver<Element>>` would go through generic `Collection`
/// witnesses and a runtime type lookup on every access in the subject's generic code,
/// which is not specialised for your element type.
final class ObserverList {
    /// The subscribers, in subscription order; never empty.
    let items: ContiguousArray<AnyObject>

    init(_ items: ContiguousArray<AnyObject>) {
        self.items = items
    }

    /// The list with `observer` added at the end.
    func adding(_ observer: AnyObject) -> ObserverList {
        var items = self.items
        items.append(observer)
        return ObserverList(items)
    }

    /// The list without `observer`: `self` if it is not there, `nil` if nothing is left.
    func removing(_ observer: AnyObject) -> ObserverList? {
        guard let index = items.firstIndex(where: { $0 === observer }) else {
            return self
        }
        if items.count == 1 {
            return nil
        }
        var items = self.items
        items.remove(at: index)
        return ObserverList(items)
    }
}
