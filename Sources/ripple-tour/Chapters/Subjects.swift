import Ripple

/// Subjects side by side: the same script (two elements, a late subscriber, a third
/// element, completion, then a subscriber after the end) run on each subject, with what
/// each subscriber receives at each step.
let subjectsChapter = Chapter(
    name: "subjects",
    summary: "Publish, Behavior, Replay and Async subjects with early, late and after-the-end subscribers",
    run: { _ in
        print("Each subject runs the same script; the columns show what each subscriber receives at each step.\n")
        play("PublishSubject()", note: "sends only what happens while you listen; a late subscriber misses 1 and 2",
             subject: PublishSubject<Int>())
        play("BehaviorSubject(value: 0)", note: "a subscriber first gets the current value; after the end, only the end",
             subject: BehaviorSubject(value: 0))
        play("ReplaySubject.create(bufferSize: 2)", note: "a subscriber first gets the last two elements, even after the end",
             subject: ReplaySubject<Int>.create(bufferSize: 2))
        play("AsyncSubject()", note: "nothing until the end; then the last element and completed, to everyone",
             subject: AsyncSubject<Int>())

        print("An observer that emits into its own subject (here: on 1, it sends 10):\n")
        let subject = PublishSubject<Int>()
        var lines: [String] = []
        let first = subject.subscribe(onNext: { value in
            lines.append("   first  receives \(value)")
            if value == 1 {
                subject.onNext(10)
                lines.append("   first  sent 10, which waits until 1 has reached everyone")
            }
        })
        let second = subject.subscribe(onNext: { lines.append("   second receives \($0)") })
        subject.onNext(1)
        lines.forEach { print($0) }
        print("   (every subscriber sees 1 then 10: the nested event is queued, not delivered inside the first one)")
        first.dispose()
        second.dispose()
    }
)

/// Runs the chapter's script on `subject` and prints the table.
private func play<Subject: ObservableType & ObserverType>(_ title: String, note: String, subject: Subject) where Subject.Element == Int {
    let table = Table(columns: ["early", "late", "after the end"])
    var subscriptions: [Disposable] = []
    func subscribe(column: Int) {
        subscriptions.append(subject.subscribe(
            onNext: { table.record("\($0)", in: column) },
            onError: { table.record("error \($0)", in: column) },
            onCompleted: { table.record("completed", in: column) }
        ))
    }

    table.step("early subscribes") { subscribe(column: 0) }
    table.step("onNext(1)") { subject.onNext(1) }
    table.step("onNext(2)") { subject.onNext(2) }
    table.step("late subscribes") { subscribe(column: 1) }
    table.step("onNext(3)") { subject.onNext(3) }
    table.step("onCompleted()") { subject.onCompleted() }
    table.step("after subscribes") { subscribe(column: 2) }

    print("▸ \(title): \(note)")
    table.print()
    print()
    subscriptions.forEach { $0.dispose() }
}

/// Rows of steps, one column per subscriber, each cell what that subscriber received
/// during that step.
private final class Table {
    private let columns: [String]
    private var rows: [(step: String, cells: [[String]])] = []

    init(columns: [String]) {
        self.columns = columns
    }

    func step(_ name: String, _ action: () -> Void) {
        rows.append((name, Array(repeating: [], count: columns.count)))
        action()
    }

    func record(_ text: String, in column: Int) {
        rows[rows.count - 1].cells[column].append(text)
    }

    func print() {
        let width = 20
        let header = pad("   step", to: 22) + columns.map { pad($0, to: width) }.joined()
        Swift.print(trimmed(header))
        for row in rows {
            let cells = row.cells.map { pad($0.joined(separator: ", "), to: width) }.joined()
            Swift.print(trimmed(pad("   " + row.step, to: 22) + cells))
        }
    }

    private func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " {
            line.removeLast()
        }
        return line
    }

    private func pad(_ text: String, to width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
