import Crypto
import FlyingFox
import FlyingSocks
import Foundation

/// Serves a built site folder over HTTP on this computer, with live reload (FlyingFox; see
/// docs/serve.md for why FlyingFox over Hummingbird).
///
/// Folders answer with their index.html, unknown paths with the site's own 404.html and status
/// 404, videos and other large files honour Range requests. Nothing is cached by the browser, so
/// a reload always shows the last build. Paths cannot leave the site folder.
public final class SiteServer: Sendable {
    public let site: URL
    public let host: String
    public let port: UInt16
    public let live: LiveReload
    private let server: HTTPServer

    public enum Failure: Error, CustomStringConvertible {
        case portInUse(UInt16)
        case cannotListen(String, UInt16, String)

        public var description: String {
            switch self {
            case .portInUse(let port): return "port \(port) is already in use (another journalgen serve or web server?); choose another with --port, such as --port \(port == 65535 ? 8001 : port + 1)"
            case .cannotListen(let host, let port, let reason): return "cannot listen on \(host):\(port): \(reason); expected an address of this computer for --bind, such as 127.0.0.1"
            }
        }
    }

    public init(site: URL, host: String, port: UInt16, live: LiveReload) throws(Failure) {
        self.site = site.standardizedFileURL
        self.host = host
        self.port = port
        self.live = live
        let address: any SocketAddress
        do {
            address = try Self.checkListening(host: host, port: port)
        }
        server = HTTPServer(address: address, timeout: 30, logger: QuietLogger(),
                            handler: SiteHandler(site: self.site, live: live))
    }

    /// Binds once before the server does, to turn "address in use" into a clear message.
    static func checkListening(host: String, port: UInt16) throws(Failure) -> any SocketAddress {
        let address: any SocketAddress
        do {
            address = host.contains(":") ? try sockaddr_in6.inet6(ip6: host, port: port) : try sockaddr_in.inet(ip4: host, port: port)
        } catch {
            throw .cannotListen(host, port, "'\(host)' is not an IP address")
        }
        do {
            let socket = try Socket(domain: Int32(type(of: address).family))
            defer { try? socket.close() }
            try socket.setValue(true, for: .localAddressReuse)
            try socket.bind(to: address)
        } catch let error as SocketError {
            if case .failed(_, let errno, _) = error, errno == EADDRINUSE { throw .portInUse(port) }
            throw .cannotListen(host, port, "\(error)")
        } catch {
            throw .cannotListen(host, port, "\(error)")
        }
        return address
    }

    public func run() async throws {
        try await server.run()
    }

    public func waitUntilListening() async throws {
        try await server.waitUntilListening(timeout: 10)
    }

    public func stop() async {
        await server.stop(timeout: 1)
    }
}

/// Answers each request from the site folder.
struct SiteHandler: HTTPHandler {
    let site: URL
    let live: LiveReload

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        // The path as sent: FlyingFox's `path` drops a folder's trailing slash.
        let path = request.target.path(percentEncoded: true)
        if path == LiveReload.socketPath {
            return try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: LiveSocket(live: live))).handleRequest(request)
        }
        guard request.method == .GET || request.method == .HEAD else {
            let allow: HTTPHeaders = [HTTPHeader("Allow"): "GET, HEAD"]
            return HTTPResponse(statusCode: .methodNotAllowed, headers: allow)
        }
        if path == LiveReload.versionPath {
            let page = request.query.first { $0.name == "path" }?.value ?? "/"
            let version = resolve(page).flatMap { FileIO.read($0.path) }.map(Self.version) ?? "gone"
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/plain", .cacheControl: "no-store"], body: Data(version.utf8))
        }
        guard let file = resolve(path) else {
            if let folder = folderWithoutSlash(path) {
                let location: HTTPHeaders = [.location: folder]
                return HTTPResponse(statusCode: .movedPermanently, headers: location)
            }
            return notFound(request)
        }
        let type = ContentTypes.of(file.path)
        if type.hasPrefix("text/html") {
            guard let data = FileIO.read(file.path) else { return notFound(request) }
            return html(data, status: .ok, request: request)
        }
        return try await FileHTTPHandler(path: file, contentType: type, cacheControl: [.noCache]).handleRequest(request)
    }

    /// The site's 404.html with status 404, or a plain page if the site has none (yet).
    func notFound(_ request: HTTPRequest) -> HTTPResponse {
        let page = FileIO.read(site.appendingPathComponent("404.html").path)
            ?? Data("<!doctype html><html lang=\"en\"><title>Not found</title><body><h1>Not found</h1><p>No page at this address.</p></body></html>".utf8)
        return html(page, status: .notFound, request: request)
    }

    func html(_ data: Data, status: HTTPStatusCode, request: HTTPRequest) -> HTTPResponse {
        let body = live.inject(into: data, version: Self.version(data))
        var headers: HTTPHeaders = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        if request.method == .HEAD {
            headers[.contentLength] = String(body.count)
            return HTTPResponse(statusCode: status, headers: headers)
        }
        return HTTPResponse(statusCode: status, headers: headers, body: body)
    }

    static func version(_ data: Data) -> String {
        SiteFingerprint.hex(SHA256.hash(data: data))
    }

    /// The file a URL path names inside the site: `/a/` is `a/index.html`. Nil for anything that
    /// is not there or would climb out (`..`, encoded or not).
    func resolve(_ urlPath: String) -> URL? {
        let decoded = urlPath.removingPercentEncoding ?? urlPath
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.contains(where: { $0 == ".." || $0 == "." || $0.contains("\\") || $0.contains("\0") }) else { return nil }
        var path = site.path + (parts.isEmpty ? "" : "/" + parts.joined(separator: "/"))
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            guard decoded.hasSuffix("/") else { return nil }
            path += "/index.html"
            guard FileIO.isRegularFile(path) else { return nil }
        }
        return URL(fileURLWithPath: path)
    }

    /// `/2026` for a folder: the address with its slash, so relative links in the page work.
    func folderWithoutSlash(_ urlPath: String) -> String? {
        guard !urlPath.hasSuffix("/"), resolve(urlPath + "/") != nil else { return nil }
        return urlPath + "/"
    }
}

/// One open tab's socket: it only listens.
struct LiveSocket: WSMessageHandler {
    let live: LiveReload

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let updates = live.connect()
        return AsyncStream { continuation in
            let task = Task {
                for await text in updates { continuation.yield(.text(text)) }
                continuation.finish()
            }
            // The tab's own messages are ignored; when it goes away, so does its stream.
            let reader = Task {
                for await _ in client {}
                task.cancel()
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel(); reader.cancel() }
        }
    }
}

/// The server's own log stays out of the writer's terminal: `serve` prints builds, not requests.
struct QuietLogger: Logging {
    func logDebug(_ debug: @autoclosure () -> String) {}
    func logInfo(_ info: @autoclosure () -> String) {}
    func logWarning(_ warning: @autoclosure () -> String) {}
    func logError(_ error: @autoclosure () -> String) {}
    func logCritical(_ critical: @autoclosure () -> String) {}
}
