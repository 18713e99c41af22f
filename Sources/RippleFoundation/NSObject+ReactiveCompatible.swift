import Foundation
import Ripple

/// Every Foundation object has the `.rx` namespace, as in RxSwift.
///
/// Declared here rather than in `Ripple` so that the core links no Foundation:
/// code that reaches `.rx` on an `NSObject` already works with Foundation types, and
/// imports `RippleFoundation` beside `Ripple`.
extension NSObject: ReactiveCompatible {}
