/// Closures bound to an object held weakly, for the `subscribe(with:...)` forms of the
/// traits: each calls `body` with the object while it is alive, and does nothing once
/// it is gone (or when `body` is `nil`).
func weakly<Object: AnyObject, Value>(_ object: Object, _ body: ((Object, Value) -> Void)?) -> (Value) -> Void {
    { [weak object] value in
        guard let object else { return }
        body?(object, value)
    }
}

/// ``weakly(_:_:)`` for a closure that takes only the object.
func weakly<Object: AnyObject>(_ object: Object, _ body: ((Object) -> Void)?) -> () -> Void {
    { [weak object] in
        guard let object else { return }
        body?(object)
    }
}
