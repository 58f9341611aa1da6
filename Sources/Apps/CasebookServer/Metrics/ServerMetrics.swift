import CasebookPostgres
import Prometheus

/// What `GET /metrics` reports, in Prometheus's text format: requests counted by method, route
/// and status, their durations by method and route, and the database's operations (in flight,
/// succeeded, failed, timed out) and its moves to another host when the server runs on
/// PostgreSQL. One registry per server,
/// so that each application (and each route test) counts its own.
final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let database: PostgresDatabase?

    /// Upper bounds of the duration buckets: 100 µs to 10 s.
    private static let buckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
        .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    // Each metric's name and help, made once rather than on every request. A descriptor holds
    // only strings and is never changed, but Prometheus does not mark it Sendable.
    nonisolated(unsafe) private static let requests = MetricNameDescriptor(
        namespace: "casebook", subsystem: "http", metricName: "requests", unitName: "total",
        helpText: "Requests answered, by method, route and status.")
    nonisolated(unsafe) private static let requestDuration = MetricNameDescriptor(
        namespace: "casebook", subsystem: "http", metricName: "request_duration",
        unitName: "seconds", helpText: "Time from a request's head to its answer.")
    nonisolated(unsafe) private static let operationsInFlight = MetricNameDescriptor(
        namespace: "casebook", subsystem: "database", metricName: "operations",
        unitName: "in_flight", helpText: "Database operations under way.")
    nonisolated(unsafe) private static let operationsEnded = MetricNameDescriptor(
        namespace: "casebook", subsystem: "database", metricName: "operations", unitName: "",
        helpText: "Database operations ended, by outcome.")

    nonisolated(unsafe) private static let hostSwitches = MetricNameDescriptor(
        namespace: "casebook", subsystem: "database", metricName: "host_switches",
        unitName: "",
        helpText: "Times the server moved to another of the database's hosts (a failover).")

    init(database: PostgresDatabase?) {
        self.database = database
    }

    func record(method: String, route: String, status: Int, duration: Duration) {
        registry.makeCounter(
            descriptor: Self.requests,
            labels: [("method", method), ("route", route), ("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(
            descriptor: Self.requestDuration,
            labels: [("method", method), ("route", route)], buckets: Self.buckets
        ).record(duration)
    }

    /// Every metric, with the database's counts as they are now.
    func text() -> String {
        if let database {
            registry.makeGauge(descriptor: Self.hostSwitches).set(Double(database.hostSwitches))
        }
        if let counts = database?.operations.counts {
            registry.makeGauge(descriptor: Self.operationsInFlight).set(Double(counts.inFlight))
            for (outcome, value) in [
                ("succeeded", counts.succeeded), ("failed", counts.failed),
                ("timed_out", counts.timedOut),
            ] {
                registry.makeGauge(descriptor: Self.operationsEnded, labels: [("outcome", outcome)])
                    .set(Double(value))
            }
        }
        return registry.emitToString()
    }
}
