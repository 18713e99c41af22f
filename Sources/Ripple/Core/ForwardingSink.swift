/// A ``Sink`` whose terminal events need nothing of its own: ``on(error:)`` and
/// ``onCompletion()`` forward the event, then dispose the sink. A subclass writes
/// ``ElementObserver/on(next:)`` (and ``ElementObserver/on(_:)`` comes from
/// ``ElementObserver``), so only the operator's own logic is left in it.
///
/// No protocol requirement on `Observer`, as on ``Sink``: instantiating a subclass's
/// metadata then looks no conformance up.
class ForwardingSink<Observer: AnyObject>: Sink<Observer> {}

extension ForwardingSink where Observer: ElementObserver {
    /// Forwards `error`, then disposes this sink.
    final func on(error: Swift.Error) {
        forwardErrorAndDispose(error)
    }

    /// Forwards the completion, then disposes this sink.
    final func onCompletion() {
        forwardCompletedAndDispose()
    }
}
