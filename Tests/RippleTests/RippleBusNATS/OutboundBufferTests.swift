import Foundation
import Testing
@testable import Ripple
@testable import RippleBusNATS

extension RippleTests {
    /// The write buffer alone, no socket: what it admits, in which order it gives it back,
    /// and that it never holds more than its bound.
    @Suite struct NATSOutboundBufferTests {
        @Test func theFirstChunkArmsAFlushTheOthersJoinItAndTakeReturnsThemInOrder() {
            var buffer = OutboundBuffer(limit: 16)
            #expect(buffer.append([1, 2, 3]) == .queuedFirst)
            #expect(buffer.append([4]) == .queued)
            #expect(buffer.append([5, 6]) == .queued)
            #expect(buffer.count == 6)
            #expect(buffer.take() == [1, 2, 3, 4, 5, 6])
            #expect(buffer.isEmpty)
            // Emptied: the next chunk arms a flush again.
            #expect(buffer.append([7]) == .queuedFirst)
            #expect(buffer.take() == [7])
        }

        @Test func aChunkThatDoesNotFitBesideWhatWaitsIsRefusedUntilTheBufferIsTaken() {
            var buffer = OutboundBuffer(limit: 8)
            #expect(buffer.append([1, 2, 3, 4, 5]) == .queuedFirst)
            #expect(buffer.append([6, 7, 8]) == .queued)
            #expect(buffer.count == 8)
            #expect(buffer.append([9]) == .full)
            #expect(buffer.count == 8)
            #expect(buffer.take() == [1, 2, 3, 4, 5, 6, 7, 8])
            #expect(buffer.append([9]) == .queuedFirst)
        }

        @Test func aChunkWrittenInPlaceIsAdmittedByItsCountAndWrittenOnlyWhenAdmitted() {
            var buffer = OutboundBuffer(limit: 8)
            var writes = 0
            #expect(buffer.append(count: 5) { writes += 1; $0.append(contentsOf: [1, 2, 3, 4, 5]) } == .queuedFirst)
            #expect(buffer.append(count: 4) { writes += 1; $0.append(contentsOf: [6, 7, 8, 9]) } == .full)
            #expect(writes == 1)
            #expect(buffer.append(count: 3) { writes += 1; $0.append(contentsOf: [6, 7, 8]) } == .queued)
            #expect(writes == 2)
            #expect(buffer.take() == [1, 2, 3, 4, 5, 6, 7, 8])
        }

        @Test func aChunkAsLargeAsTheLimitIsAdmittedOnlyAloneAndMustBeWrittenAtOnce() {
            var buffer = OutboundBuffer(limit: 4)
            #expect(buffer.append([1]) == .queuedFirst)
            #expect(buffer.append([UInt8](repeating: 2, count: 10)) == .full)
            _ = buffer.take()
            #expect(buffer.append([UInt8](repeating: 2, count: 10)) == .queuedAlone)
            #expect(buffer.append([3]) == .full)
            #expect(buffer.take() == [UInt8](repeating: 2, count: 10))
            #expect(buffer.append([UInt8](repeating: 4, count: 4)) == .queuedAlone)
        }

        @Test func theConnectionsOwnCommandsJoinPastTheLimitBehindWhatWaits() {
            var buffer = OutboundBuffer(limit: 4)
            #expect(buffer.append([1, 2, 3]) == .queuedFirst)
            buffer.force([4, 5, 6])
            #expect(buffer.take() == [1, 2, 3, 4, 5, 6])
        }

        @Test func whatIsTakenAndRecycledLeavesNoTraceInLaterChunks() {
            var buffer = OutboundBuffer(limit: 64)
            #expect(buffer.append([UInt8](repeating: 9, count: 40)) == .queuedFirst)
            let first = buffer.take()
            buffer.recycle(first)
            #expect(buffer.append([1, 2]) == .queuedFirst)
            #expect(buffer.take() == [1, 2])
            // The chunk the caller still holds is its own: recycling did not change it.
            #expect(first == [UInt8](repeating: 9, count: 40))
        }

        @Test func underAnySequenceOfWritesItHoldsAtMostTheLargerOfItsLimitAndOneChunk() {
            var generator = SplitMix64(seed: 0x5EED)
            let limit = 100
            var buffer = OutboundBuffer(limit: limit)
            var written: [UInt8] = []
            var sent: [UInt8] = []
            var next: UInt8 = 0
            for _ in 0..<5_000 {
                let size = Int(generator.next() % 130)
                var chunk: [UInt8] = []
                for _ in 0..<size {
                    chunk.append(next)
                    next &+= 1
                }
                // The transport's rule: a full buffer is written (taken), then the chunk
                // tried again; one admitted alone is written at once.
                var admission = buffer.append(chunk)
                if admission == .full {
                    sent += buffer.take()
                    admission = buffer.append(chunk)
                }
                #expect(admission != .full)
                written += chunk
                #expect(buffer.count <= max(limit, size))
                if admission == .queuedAlone || generator.next() % 7 == 0 {
                    sent += buffer.take()
                }
            }
            sent += buffer.take()
            #expect(sent == written)
        }
    }
}
