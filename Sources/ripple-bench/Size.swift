/// How big the workloads are: `full` is the sizes Benchmarks.md's "Workload shapes" lists, `small` divides every count by
/// 100 for a CI smoke run that finishes in well under a second.
enum Size: String {
    case full
    case small

    /// `count` at this size (never below 1).
    func scaled(_ count: Int) -> Int {
        switch self {
        case .full: count
        case .small: max(count / 100, 1)
        }
    }
}

/// Every workload in the order CI counts its lines: the pipelines, subjects and
/// subscriptions, then subscribe + dispose beside many subscribers, then the
/// main-actor pipeline, then the operator chains from 1 to 200 `skip(0)` (shortest
/// first: the longer ones print their cost per operator against it). (Main-actor
/// code, for the main-actor pipeline.)
@MainActor
func allWorkloads(size: Size) -> [Workload] {
    [
        mapFilter(size: size),
        subject(subscribers: 1, size: size),
        subject(subscribers: 10, size: size),
        subscribeDispose(size: size),
        flatMapWorkload(size: size),
        observeOn(size: size),
        combineLatestWorkload(size: size),
        deepChain(size: size),
        deepChainDistinct(size: size),
        // Subscribe + dispose on a subject with many subscribers.
        subjectSubscribeDispose(existing: 1, size: size),
        subjectSubscribeDispose(existing: 10, size: size),
        subjectSubscribeDispose(existing: 100, size: size),
        subjectSubscribeDispose(existing: 1_000, size: size),
        mainActorPipeline(size: size),
    ] + operatorChainLengths.map { operatorChain(operators: $0, size: size) }
}

/// Variants of the workloads above, run only when `--filter` names one, so that the
/// default run prints the same lines (CI counts them): measurements kept apart from
/// the default list.
func variantWorkloads(size: Size) -> [Workload] {
    [
        // main_actor_pipeline written in nonisolated code: the price of its check.
        isolatedPipeline(name: "main_actor_pipeline_nonisolated", size: size),
        // combineLatest's tuple form beside combine_latest's selector form.
        combineLatestTupleWorkload(size: size),
    ]
}
