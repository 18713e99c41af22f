// swift-tools-version:6.2
import PackageDescription

// Every target is compiled in the Swift 6 language mode, which turns on complete strict
// concurrency checking. CI adds `-warnings-as-errors` so the build stays warning-free.
let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

// RippleBusNATS's sockets are Glibc's and its TLS loads Linux's libssl.so.3; elsewhere
// the module stops the build with a message saying so. The package declares it, and
// what needs it (its benchmark, the local server, the tour's `cluster` chapter, the NATS
// tests), only where the manifest is evaluated on Linux, so `swift build` of the whole
// package works on Apple platforms too.
#if os(Linux)
let natsIsAvailable = true
#else
let natsIsAvailable = false
#endif
let natsDependencies: [Target.Dependency] = natsIsAvailable ? ["RippleBusNATS", "NATSLocalServer"] : []

let package = Package(
    name: "Ripple",
    // The releases the library modules are checked against (README, "Platforms"); no
    // module uses the Synchronization module, which would need macOS 15 / iOS 18 (README, "Platforms").
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Ripple", targets: ["Ripple"]),
        .library(name: "RippleTest", targets: ["RippleTest"]),
        .library(name: "RippleBlocking", targets: ["RippleBlocking"]),
        .library(name: "RippleBus", targets: ["RippleBus"]),
        .library(name: "RippleFoundation", targets: ["RippleFoundation"]),
        // Only the libraries are products: a client depends on them. The executables
        // (the tour, the benchmarks, the soak, the marble generator, user-feed) are this
        // package's own tools, run with `swift run NAME` here, which needs no product.
    ] + (natsIsAvailable ? [.library(name: "RippleBusNATS", targets: ["RippleBusNATS"])] : []),
    targets: [
        // The files of the subscription core that every pipeline runs (Observable,
        // Producer, Sink, SinkDisposer, ObserverBase, subscribe(onNext:…) and its observer,
        // the current-thread trampoline and its loop sinks, NopDisposable, DisposableSlot)
        // are named `Core+<Type>.swift`: SwiftPM links a module's object files in the order
        // of their names, so their code sits together in the executable instead of across
        // it, and a process's first pipeline faults in a few 64 KiB blocks of code rather
        // than most of them (Benchmarks.md, "Process floor: the Core+ files side by side").
        // Atomic operations and a lock in C (clang's builtins, os_unfair_lock, a futex),
        // so that Ripple runs on Apple releases older than the Synchronization module.
        .target(name: "CRippleAtomics"),
        .target(name: "Ripple", dependencies: ["CRippleAtomics"], swiftSettings: strict),
        .target(name: "RippleTest", dependencies: ["Ripple"], swiftSettings: strict),
        .target(name: "RippleBlocking", dependencies: ["Ripple"], swiftSettings: strict),
        .target(name: "RippleBus", dependencies: ["Ripple"], swiftSettings: strict),
        .target(name: "RippleFoundation", dependencies: ["Ripple"], swiftSettings: strict),
        // The UserFeed example, ready to copy: the view model and its loopback server
        // (a library the tour's `bus` chapter and the tests use) and a runnable demo.
        .target(
            name: "UserFeed", dependencies: ["Ripple", "RippleBus", "RippleFoundation"],
            path: "Examples/UserFeed", swiftSettings: strict
        ),
        .executableTarget(name: "user-feed", dependencies: ["Ripple", "RippleBus", "UserFeed"], path: "Examples/UserFeedDemo", swiftSettings: strict),
        .executableTarget(
            name: "ripple-tour",
            dependencies: ["Ripple", "RippleTest", "RippleBus", "UserFeed"] + natsDependencies,
            swiftSettings: strict
        ),
        .executableTarget(name: "ripple-bench", dependencies: ["Ripple"], swiftSettings: strict),
        // The smallest program using Ripple, whose peak resident memory
        // scripts/measure-floor.sh reports (not a product).
        .executableTarget(name: "ripple-floor", dependencies: ["Ripple"], swiftSettings: strict),
        .executableTarget(name: "ripple-soak", dependencies: ["Ripple"], swiftSettings: strict),
        // Draws every operator's marble diagram from a real run on a TestScheduler
        // into Ripple's DocC catalogue; `--check` (run by CI) fails when one has changed.
        .executableTarget(name: "ripple-marbles", dependencies: ["Ripple", "RippleTest"], swiftSettings: strict),
        .testTarget(
            name: "RippleTests",
            dependencies: ["Ripple", "RippleTest", "RippleBlocking", "RippleBus", "RippleFoundation", "UserFeed"] + natsDependencies,
            exclude: natsIsAvailable ? [] : ["RippleBusNATS"],
            swiftSettings: strict
        ),
        // Everyday RxSwift code as a Swift 6 client writes it, against Ripple's
        // public API only (no `@testable`), with no unsafe annotation. The Swift 5 target
        // compiles the very same files (a symbolic link) to keep source compatibility.
        .testTarget(
            name: "Swift6ClientTests", dependencies: ["Ripple", "RippleFoundation", "RippleBus"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "Swift5ClientTests", dependencies: ["Ripple", "RippleFoundation", "RippleBus"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The same files again, in a module whose code is main-actor isolated by default
        // (what new app targets use): every closure in them is a main-actor closure.
        .testTarget(
            name: "MainActorClientTests", dependencies: ["Ripple", "RippleFoundation", "RippleBus"],
            swiftSettings: [.swiftLanguageMode(.v6), .defaultIsolation(MainActor.self)]
        ),
    ] + (natsIsAvailable ? natsTargets : [])
)

/// The Linux-only targets (see `natsIsAvailable`).
var natsTargets: [Target] {
    [
        // RippleBus across processes, on a NATS server. Its own module, so the
        // in-process bus and the core stay free of sockets and JSON.
        .target(name: "RippleBusNATS", dependencies: ["Ripple", "RippleBus"], swiftSettings: strict),
        // Starts a private nats-server on a free loopback port: for the tests, the tour's
        // `cluster` chapter and ripple-bench-nats (not a product).
        .target(name: "NATSLocalServer", swiftSettings: strict),
        // The NATS benchmark: its own executable, so ripple-bench never links the NATS module.
        .executableTarget(name: "ripple-bench-nats", dependencies: ["Ripple", "RippleBus", "RippleBusNATS", "NATSLocalServer"], swiftSettings: strict),
    ]
}
