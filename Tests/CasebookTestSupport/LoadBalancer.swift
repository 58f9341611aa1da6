import Foundation

/// nginx on a free loopback port, sending requests round-robin to `backends`: the load
/// balancer several `casebook serve` instances run behind. Stopped (with its workers, as one
/// process group under its master) when this object goes.
public final class LoadBalancer: @unchecked Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case notInstalled
        case exitedBeforeServing(String)

        public var description: String {
            switch self {
            case .notInstalled:
                "nginx is not installed (apt-get install nginx; scripts/test does it)"
            case .exitedBeforeServing(let output): "nginx stopped before serving: \(output)"
            }
        }
    }

    public let url: URL
    private let process = Process()
    private let folder: TemporaryDirectory

    public init(backends: [URL]) throws {
        let nginx = "/usr/sbin/nginx"
        guard FileManager.default.isExecutableFile(atPath: nginx) else {
            throw Failure.notInstalled
        }
        folder = try TemporaryDirectory()
        let port = try FreePort.find()
        url = URL(string: "http://127.0.0.1:\(port)/")!
        let servers = backends.map { "server \($0.host!):\($0.port!);" }.joined(separator: " ")
        let configuration = """
            daemon off;
            worker_processes 1;
            pid \(folder.appending("nginx.pid").path);
            error_log stderr notice;
            events { worker_connections 256; }
            http {
                access_log off;
                client_body_temp_path \(folder.url.path);
                proxy_temp_path \(folder.url.path);
                upstream casebook { \(servers) keepalive 16; }
                server {
                    listen 127.0.0.1:\(port);
                    location / {
                        proxy_pass http://casebook;
                        proxy_http_version 1.1;
                        proxy_set_header Connection "";
                        proxy_set_header Host $http_host;
                        proxy_set_header X-Forwarded-For $remote_addr;
                    }
                }
            }
            """
        let file = try folder.file("nginx.conf", contents: configuration)
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", folder.url.path, "-c", file.path, "-e", "stderr"]
        let log = Pipe()
        process.standardOutput = log
        process.standardError = log
        try ProcessLaunch.run(process)
        // nginx says it starts its workers once its socket is bound.
        var seen = ""
        while !seen.contains("start worker process") {
            let data = log.fileHandleForReading.availableData
            if data.isEmpty { throw Failure.exitedBeforeServing(seen) }
            seen += String(decoding: data, as: UTF8.self)
        }
        log.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
    }

    deinit {
        // SIGQUIT: nginx's graceful stop; the master ends its workers, then itself.
        if process.isRunning {
            kill(process.processIdentifier, SIGQUIT)
            ProcessLaunch.waitForExit(process)
        }
    }
}
