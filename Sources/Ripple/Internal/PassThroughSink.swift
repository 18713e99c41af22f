/// A sink that passes upstream's events through unchanged and disposes itself at the
/// end: for operators whose work lies in when or where the subscription happens
/// (`subscribe(on:)`, `delaySubscription`) or in whom the events reach (a `window`'s
/// subscribers), not in the events. One upstream and no state, so no lock.
///
/// Operators subclass it, adding nothing or only the code that sets the subscription
/// up, so that each keeps its own name in journey traces.
class PassThroughSink<Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    final func on(next element: Element) {
        forwardOn(next: element)
    }
}
