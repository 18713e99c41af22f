// swift-tools-version:6.0
import PackageDescription

// Every target is compiled in the Swift 6 language mode, which turns on complete strict
// concurrency checking. CI adds `-warnings-as-errors` so the build stays warning-free.
let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Ripple",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Ripple", targets: ["Ripple"]),
        .library(name: "RippleTest", targets: ["RippleTest"]),
        .library(name: "RippleBlocking", targets: ["RippleBlocking"]),
        .executable(name: "ripple-tour", targets: ["ripple-tour"]),
        .executable(name: "ripple-bench", targets: ["ripple-bench"]),
        .executable(name: "ripple-soak", targets: ["ripple-soak"]),
    ],
    targets: [
        .target(name: "Ripple", swiftSettings: strict),
        .target(name: "RippleTest", dependencies: ["Ripple"], swiftSettings: strict),
        .target(name: "RippleBlocking", dependencies: ["Ripple"], swiftSettings: strict),
        .executableTarget(name: "ripple-tour", dependencies: ["Ripple", "RippleTest"], swiftSettings: strict),
        .executableTarget(name: "ripple-bench", dependencies: ["Ripple"], swiftSettings: strict),
        .executableTarget(name: "ripple-soak", dependencies: ["Ripple"], swiftSettings: strict),
        .testTarget(name: "RippleTests", dependencies: ["Ripple", "RippleTest", "RippleBlocking"], swiftSettings: strict),
    ]
)
