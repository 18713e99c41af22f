/// What each thread other than the holder has left at one serialization point: the
/// count that decides whether a call may leave its element and return, or must wait
/// for its turn (``SerializationBound``).
///
/// A thread may leave ``SerializationBound/foreignActionsPerThread`` elements in one
/// *run* (the stretch of the queue one turn performs: the holder's, or, after a
/// waiting call's element, that call's), and have at most as many queued at once.
/// Counting per thread, not for all threads together, is what lets one thread send an
/// ordinary batch while the holder is blocked (on a lock that thread holds) without
/// waiting for a turn that cannot come.
///
/// Touched only on the contended path (a call that found the right taken) and by the
/// holder taking queued work, always with the point's lock held. Empty whenever the
/// point's queue is: threads with nothing queued and nothing counted in the run are
/// dropped, so it holds at most one tally per thread with work at the point.
struct ForeignBudget {
    private struct Tally {
        let thread: UInt
        /// Elements left in the current run.
        var inRun: Int
        /// Elements left and not yet taken by the holder.
        var queued: Int
    }

    private var tallies: [Tally] = []

    init() {}

    /// Counts an element `thread` leaves without waiting and returns `true`, or returns
    /// `false` when the thread has used its share: it must wait for its turn.
    mutating func admit(_ thread: UInt) -> Bool {
        let limit = SerializationBound.foreignActionsPerThread
        for index in tallies.indices where tallies[index].thread == thread {
            guard tallies[index].inRun < limit, tallies[index].queued < limit else {
                return false
            }
            tallies[index].inRun += 1
            tallies[index].queued += 1
            return true
        }
        tallies.append(Tally(thread: thread, inRun: 1, queued: 1))
        return true
    }

    /// The holder took an element that `thread` left through ``admit(_:)``.
    mutating func taken(from thread: UInt) {
        for index in tallies.indices where tallies[index].thread == thread {
            tallies[index].queued -= 1
            if tallies[index].queued == 0, tallies[index].inRun == 0 {
                tallies.remove(at: index)
            }
            return
        }
    }

    /// A new run begins (a call was queued to wait for its turn, or a new turn began
    /// with nothing queued): every thread's share of the run is whole again.
    mutating func startRun() {
        guard !tallies.isEmpty else {
            return
        }
        tallies.removeAll { $0.queued == 0 }
        for index in tallies.indices {
            tallies[index].inRun = 0
        }
    }

    /// Whether nothing is counted.
    var isEmpty: Bool {
        tallies.isEmpty
    }

    /// The queue is empty: nothing is counted.
    @inline(__always)
    mutating func reset() {
        if !tallies.isEmpty {
            clear()
        }
    }

    @inline(never)
    private mutating func clear() {
        // A few tallies' storage is kept; a crowd's is not.
        tallies.removeAll(keepingCapacity: tallies.count <= 8)
    }
}
