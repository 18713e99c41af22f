#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import Ripple

// ripple-soak --depth: the longest chains and the most pages a stack holds, measured
// cold. Each length is tried in a child process of its own that builds and subscribes
// that one chain and nothing else, so the runtime meets every sink type for the first
// time, as in an app's first subscription. A bisection between a length that runs and
// one that crashes finds the limit; Guarantees.md's depth figures come from here.

/// One kind of chain or paging the depth run measures.
struct DepthShape: Sendable {
    let name: String
    /// The stack of the thread that subscribes.
    let stackBytes: Int
    /// The bisection's range: lengths are looked for in `1...ceiling`.
    let ceiling: Int
    /// Builds the chain of `length` and subscribes it; returns what it counted, which
    /// the child checks against `expected`.
    let run: @Sendable (Int) -> Int
    let expected: @Sendable (Int) -> Int
}

/// A source that sends `value` and completes while it is being subscribed, so the
/// element starts down the chain from the chain's deepest frame.
private func sendingDuringSubscribe(_ value: Int) -> Observable<Int> {
    Observable.create { observer in
        observer.onNext(value)
        observer.onCompleted()
        return Disposables.create()
    }
}

/// How many elements `chain` sends before it completes; -1 if it fails or never ends.
private func count(_ chain: Observable<Int>) -> Int {
    var elements = 0
    var completed = false
    _ = chain.subscribe(onNext: { _ in elements += 1 }, onCompleted: { completed = true })
    return completed ? elements : -1
}

/// Pages `0...last` of `just(i).concat(…)`-style paging, built by `next`.
private func paged(_ last: Int, _ next: @escaping (Int, @escaping (Int) -> Observable<Int>) -> Observable<Int>) -> Observable<Int> {
    func page(_ i: Int) -> Observable<Int> {
        i == last ? .just(i) : next(i, page)
    }
    return page(0)
}

let depthShapes: [DepthShape] = {
    let smallStack = 512 * 1024
    let mainStack = 8 * 1024 * 1024
    func chain(_ name: String, over source: @escaping @Sendable () -> Observable<Int>, sends: Int, ceiling: Int = 4_000, _ step: @escaping @Sendable (Observable<Int>, Int) -> Observable<Int>) -> DepthShape {
        DepthShape(name: name, stackBytes: smallStack, ceiling: ceiling, run: { length in
            var observable = source()
            for index in 0..<length {
                observable = step(observable, index)
            }
            return count(observable)
        }, expected: { _ in sends })
    }
    func pages(_ name: String, ceiling: Int = 20_000, _ next: @escaping @Sendable (Int, @escaping (Int) -> Observable<Int>) -> Observable<Int>) -> DepthShape {
        DepthShape(name: name, stackBytes: mainStack, ceiling: ceiling, run: { last in count(paged(last, next)) }, expected: { $0 + 1 })
    }
    return [
        chain("maps over range", over: { .range(start: 0, count: 10) }, sends: 10, ceiling: 400_000) { chain, _ in chain.map { $0 &+ 1 } },
        chain("maps over create", over: { sendingDuringSubscribe(1) }, sends: 1, ceiling: 400_000) { chain, _ in chain.map { $0 &+ 1 } },
        chain("mixed operators over range", over: { .range(start: 0, count: 10) }, sends: 10, ceiling: 3_000) { chain, index in
            mixedStep(chain, index)
        },
        chain("mixed operators over create", over: { sendingDuringSubscribe(1) }, sends: 1, ceiling: 3_000) { chain, index in
            mixedStep(chain, index)
        },
        chain("flattening operators over range", over: { .range(start: 0, count: 10) }, sends: 10, ceiling: 3_000) { chain, index in
            flatteningStep(chain, index)
        },
        chain("flattening operators over create", over: { sendingDuringSubscribe(1) }, sends: 1, ceiling: 3_000) { chain, index in
            flatteningStep(chain, index)
        },
        chain("skip(0) over create", over: { sendingDuringSubscribe(1) }, sends: 1) { chain, _ in chain.skip(0) },
        chain("take(1000) over create", over: { sendingDuringSubscribe(1) }, sends: 1) { chain, _ in chain.take(1_000) },
        chain("distinctUntilChanged over create", over: { sendingDuringSubscribe(1) }, sends: 1) { chain, _ in chain.distinctUntilChanged() },
        chain("do(onNext:) over create", over: { sendingDuringSubscribe(1) }, sends: 1) { chain, _ in chain.do(onNext: { _ in }) },
        pages("flatMapLatest pages, 8 MB") { i, page in .just(i).flatMapLatest { Observable.just($0).concat(page(i + 1)) } },
        pages("flatMap pages over range, 8 MB") { i, page in
            Observable.range(start: i, count: 1).flatMap { Observable.just($0).concat(page(i + 1)) }
        },
        pages("eager pages (startWith), 8 MB") { i, page in page(i + 1).startWith(i) },
        pages("deferred { }.map pages, 8 MB") { i, page in
            Observable.just(i).concat(Observable.deferred { page(i + 1) }.map { $0 })
        },
    ]
}()

/// map, filter, distinctUntilChanged, skip(0), take, concat, materialize and
/// dematerialize, do: the mixed chain of `DepthTests`.
private func mixedStep(_ chain: Observable<Int>, _ index: Int) -> Observable<Int> {
    switch index % 8 {
    case 0: chain.map { $0 }
    case 1: chain.filter { _ in true }
    case 2: chain.distinctUntilChanged()
    case 3: chain.skip(0)
    case 4: chain.take(1_000)
    case 5: chain.concat(Observable.empty())
    case 6: chain.materialize().dematerialize()
    default: chain.do(onNext: { _ in })
    }
}

/// flatMap, concatMap and flatMapLatest of `just`, in turn.
private func flatteningStep(_ chain: Observable<Int>, _ index: Int) -> Observable<Int> {
    switch index % 3 {
    case 0: chain.flatMap { Observable.just($0) }
    case 1: chain.concatMap { Observable.just($0) }
    default: chain.flatMapLatest { Observable.just($0) }
    }
}

/// The child's side: runs shape `name` at `length` on a thread with the shape's stack
/// and exits 0 if it counted what it should, 1 if not; a stack overflow kills it.
/// `warm`: the same chain runs on the main thread first, so the runtime knows its types.
func runDepthChild(shape name: String, length: Int, warm: Bool) -> Never {
    guard let shape = depthShapes.first(where: { $0.name == name }) else {
        print("unknown depth shape \(name)")
        exit(2)
    }
    if warm {
        _ = shape.run(length)
    }
    let counted = LockedBox(-2)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        counted.set(shape.run(length))
        done.signal()
    }
    thread.stackSize = shape.stackBytes
    thread.start()
    done.wait()
    exit(counted.value == shape.expected(length) ? 0 : 1)
}

/// Whether a child process runs `shape` at `length`.
private func runs(_ shape: DepthShape, length: Int, warm: Bool) -> Bool {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    child.arguments = ["--depth-child", shape.name, String(length)] + (warm ? ["--warm"] : [])
    child.standardOutput = FileHandle.nullDevice
    child.standardError = FileHandle.nullDevice
    do {
        try child.run()
    } catch {
        print("cannot start \(child.executableURL?.path ?? "?"): \(error)")
        exit(2)
    }
    child.waitUntilExit()
    return child.terminationReason == .exit && child.terminationStatus == 0
}

/// Bisects each shape (or the ones whose name contains `filter`) and prints one line
/// each: the longest length that ran, cold (or `warm`), and the stack it ran on.
func runDepth(filter: String?, warm: Bool) -> Int32 {
    #if DEBUG
    let build = "debug"
    #else
    let build = "release"
    #endif
    for shape in depthShapes where filter.map({ shape.name.contains($0) }) ?? true {
        var good = 0
        var bad = shape.ceiling + 1
        if runs(shape, length: shape.ceiling, warm: warm) {
            good = shape.ceiling
        }
        while bad - good > max(good / 100, 1) {
            let middle = (good + bad) / 2
            if runs(shape, length: middle, warm: warm) { good = middle } else { bad = middle }
        }
        let limit = good == shape.ceiling ? "≥ \(good)" : "\(good)"
        print("depth: \(shape.name): \(limit) (\(build), \(warm ? "warm" : "cold"), \(shape.stackBytes / 1024) KB stack)")
    }
    return 0
}

/// A value written by one thread and read by another after a semaphore hand-off.
private final class LockedBox: Sendable {
    private let storage: LockedValue<Int>
    init(_ value: Int) { storage = LockedValue(value) }
    func set(_ value: Int) { storage.withLock { $0 = value } }
    var value: Int { storage.withLock { $0 } }
}
