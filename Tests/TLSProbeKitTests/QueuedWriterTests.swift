import Foundation
import Testing
import TLSProbeKit

/// listen's writer: reports are handed over without waiting, written in order on a thread
/// of its own; past the bound, and when a stop's grace ends with stdout blocked, they are
/// dropped and counted.
@Suite struct QueuedWriterTests {
    @Test func everyReportIsWrittenInOrderWhenTheReaderKeepsUp() {
        let written = Collected()
        let writer = QueuedWriter(
            capacity: 4,
            output: { text in
                usleep(1_000)
                written.append(text)
            }
        )
        #expect(writer.start())
        // Slower than the producer: the queue fills, but finish waits for what it holds.
        for index in 0..<4 { writer.enqueue("\(index)") }
        #expect(writer.finish() == 0)
        #expect(written.all == ["0", "1", "2", "3"])
    }

    @Test func aBlockedOutputNeitherHoldsTheProducerNorTheFinish() {
        let blocked = DispatchSemaphore(value: 0)
        let writer = QueuedWriter(capacity: 256, output: { _ in blocked.wait() })
        #expect(writer.start())
        let started = Date()
        for index in 0..<300 { writer.enqueue("report \(index)") }
        #expect(Date().timeIntervalSince(started) < 1, "enqueueing never waits for the output")
        writer.stopRequested(grace: 0.2)
        // The one being written, the 256 waiting and those past the bound: all dropped.
        #expect(writer.finish() == 300)
        #expect(Date().timeIntervalSince(started) < 2)
        writer.enqueue("late")
        blocked.signal()
    }

    @Test func aWriterWithoutItsThreadSaysSo() {
        let written = Collected()
        let writer = QueuedWriter(output: { written.append($0) })
        #expect(!writer.start(spawn: { _ in false }), "listen then exits 2 rather than write nothing")
        #expect(writer.start(), "a writer that gets its thread")
        writer.enqueue("a")
        #expect(writer.finish() == 0)
        #expect(written.all == ["a"])
    }

    @Test func aSecondStopRequestGivesUpAtOnce() {
        let blocked = DispatchSemaphore(value: 0)
        let writer = QueuedWriter(output: { _ in blocked.wait() })
        #expect(writer.start())
        writer.enqueue("a")
        writer.enqueue("b")
        let started = Date()
        writer.stopRequested(grace: 30)
        writer.stopRequested(grace: 30)
        #expect(writer.finish() == 2)
        #expect(Date().timeIntervalSince(started) < 2)
        blocked.signal()
    }
}
