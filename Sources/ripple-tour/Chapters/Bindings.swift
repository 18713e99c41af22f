import Foundation
import Ripple

/// A terminal "form": a text-field model (a `BehaviorRelay<String?>` behind a
/// `ControlProperty`) drives a label model through a `Driver` and a `Binder`, while
/// typing is simulated one keystroke at a time.
let bindingsChapter = Chapter(
    name: "bindings",
    summary: "a text field bound to a label through ControlProperty, Driver and Binder; typing simulated",
    run: { _ in
        print("""
        field:  BehaviorRelay<String?>  →  ControlProperty(values:valueSink:)  →  .orEmpty
        label:  Binder(label) { $0.text = $1 }   (runs on the main queue)
        text.orEmpty.asDriver().map { greeting($0) }.distinctUntilChanged().drive(labelText)

        """)
        let field = BehaviorRelay<String?>(value: nil)
        let text = ControlProperty(values: field, valueSink: Binder(field) { field, value in field.accept(value) })
        let label = TerminalLabel()
        let labelText = Binder(label) { label, value in label.text = value }
        let bag = DisposeBag()

        text.orEmpty.asDriver()
            .map { $0.isEmpty ? "Type your name above" : "Hello, \($0)!" }
            .distinctUntilChanged()
            .drive(labelText)
            .disposed(by: bag)
        text.changed.asSignal()
            .emit(onNext: { print("   (edit event: \($0 ?? "nil"))") })
            .disposed(by: bag)

        for keystroke in ["R", "Ri", "Rip", "Ripp", "Rippl", "Ripple"] {
            field.accept(keystroke)
            spinMainRunLoop()
        }
        print("\n   The form sets the field itself through the ControlProperty's observer side:")
        text.onNext(nil)
        spinMainRunLoop()
        print("   field.value is now \(String(describing: field.value))")
    }
)

/// A label model: prints what it shows, as a terminal UI would redraw.
private final class TerminalLabel {
    var text = "" {
        didSet { print("   [label] \(text)") }
    }
}

/// Lets the main queue run work dispatched to it (by `MainScheduler` or
/// `ConcurrentMainScheduler`) for a moment: this command-line tour owns the main thread.
private func spinMainRunLoop() {
    _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.01))
}
