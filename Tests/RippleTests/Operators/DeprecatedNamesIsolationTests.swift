import Testing
@testable import Ripple

// RxSwift 5's names of the closure-taking operators pass the caller's isolation on to
// the new names. Called through a protocol, as in DeprecatedNamesTests, so that the test
// builds without a deprecation warning; the protocol's calls pass the main actor
// explicitly, as the default `#isolation` would in main-actor code.
extension RippleTests {
    @Suite struct DeprecatedNamesIsolationTests {
        private let names: any IsolatedDeprecatedNames = IsolatedDeprecatedCalls()

        @MainActor
        @Test func deprecatedNamesRunTheirClosuresOnTheMainActor() async {
            let baseline = Resources.total
            let source = [1, 2, 3, 1]
            await expectOnMainActor(["next(1)", "next(2)", "completed"], calls: 3) { places in
                names.takeWhile(sentFromBackground(source), { places.append(onMainQueueNow()); return $0 < 3 }, isolation: MainActor.shared).map { "\($0)" }
            }
            await expectOnMainActor(["next(1)", "next(2)", "completed"], calls: 2) { places in
                names.takeUntil(sentFromBackground(source), { places.append(onMainQueueNow()); return $0 == 2 }, isolation: MainActor.shared).map { "\($0)" }
            }
            await expectOnMainActor(["next(3)", "next(1)", "completed"], calls: 3) { places in
                names.skipWhile(sentFromBackground(source), { places.append(onMainQueueNow()); return $0 < 3 }, isolation: MainActor.shared).map { "\($0)" }
            }
            await expectOnMainActor(["next(1)", "next(0)", "completed"], calls: 1) { places in
                names.catchError(sentFromBackground([1], thenError: TestError()), { _ in places.append(onMainQueueNow()); return .just(0) }, isolation: MainActor.shared)
                    .map { "\($0)" }
            }
            await expectOnMainActor(["next(1)", "next(1)", "completed"], calls: 1) { places in
                subscribedFromBackground(
                    names.retryWhen(failingAtOnce(after: [1], with: TestError()), { errors in places.append(onMainQueueNow()); return errors.take(1) }, isolation: MainActor.shared)
                        .map { "\($0)" }
                )
            }
            await expectOnMainActor(["next(0)", "completed"], calls: 1) { places in
                names.singleCatchError(sentFromBackground([Int](), thenError: TestError()).asSingle(), { _ in places.append(onMainQueueNow()); return .just(0) }, isolation: MainActor.shared)
                    .asObservable()
                    .map { "\($0)" }
            }
            await expectOnMainActor(["next(1)", "completed"], calls: 1) { places in
                subscribedFromBackground(
                    names.singleRetryWhen(Single.just(1), { errors in places.append(onMainQueueNow()); return errors }, isolation: MainActor.shared)
                        .asObservable()
                        .map { "\($0)" }
                )
            }
            #expect(await resourcesReturn(to: baseline))
        }
    }
}

private protocol IsolatedDeprecatedNames {
    func takeWhile(_ source: Observable<Int>, _ predicate: @escaping (Int) throws -> Bool, isolation: (any Actor)?) -> Observable<Int>
    func takeUntil(_ source: Observable<Int>, _ predicate: @escaping (Int) throws -> Bool, isolation: (any Actor)?) -> Observable<Int>
    func skipWhile(_ source: Observable<Int>, _ predicate: @escaping (Int) throws -> Bool, isolation: (any Actor)?) -> Observable<Int>
    func catchError(_ source: Observable<Int>, _ handler: @escaping (Swift.Error) throws -> Observable<Int>, isolation: (any Actor)?) -> Observable<Int>
    func retryWhen(
        _ source: Observable<Int>,
        _ handler: @escaping (Observable<Swift.Error>) -> Observable<Swift.Error>,
        isolation: (any Actor)?
    ) -> Observable<Int>
    func singleCatchError(_ source: Single<Int>, _ handler: @escaping (Swift.Error) throws -> Single<Int>, isolation: (any Actor)?) -> Single<Int>
    func singleRetryWhen(
        _ source: Single<Int>,
        _ handler: @escaping (Observable<Swift.Error>) -> Observable<Swift.Error>,
        isolation: (any Actor)?
    ) -> Single<Int>
}

private struct IsolatedDeprecatedCalls: IsolatedDeprecatedNames {
    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func takeWhile(_ source: Observable<Int>, _ predicate: @escaping (Int) throws -> Bool, isolation: (any Actor)?) -> Observable<Int> {
        source.takeWhile(predicate, isolation: isolation)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func takeUntil(_ source: Observable<Int>, _ predicate: @escaping (Int) throws -> Bool, isolation: (any Actor)?) -> Observable<Int> {
        source.takeUntil(.inclusive, predicate: predicate, isolation: isolation)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func skipWhile(_ source: Observable<Int>, _ predicate: @escaping (Int) throws -> Bool, isolation: (any Actor)?) -> Observable<Int> {
        source.skipWhile(predicate, isolation: isolation)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func catchError(_ source: Observable<Int>, _ handler: @escaping (Swift.Error) throws -> Observable<Int>, isolation: (any Actor)?) -> Observable<Int> {
        source.catchError(handler, isolation: isolation)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func retryWhen(
        _ source: Observable<Int>,
        _ handler: @escaping (Observable<Swift.Error>) -> Observable<Swift.Error>,
        isolation: (any Actor)?
    ) -> Observable<Int> {
        source.retryWhen(handler, isolation: isolation)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func singleCatchError(_ source: Single<Int>, _ handler: @escaping (Swift.Error) throws -> Single<Int>, isolation: (any Actor)?) -> Single<Int> {
        source.catchError(handler, isolation: isolation)
    }

    @available(*, deprecated, message: "exercises the deprecated names on purpose")
    func singleRetryWhen(
        _ source: Single<Int>,
        _ handler: @escaping (Observable<Swift.Error>) -> Observable<Swift.Error>,
        isolation: (any Actor)?
    ) -> Single<Int> {
        source.retryWhen(handler, isolation: isolation)
    }
}
