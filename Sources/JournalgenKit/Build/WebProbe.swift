import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Asks a web server whether an address still answers, for `check --external`: HEAD first, GET
/// when the server refuses HEAD. A GET is cancelled as soon as its status arrives, so a link to a
/// large video costs its headers, not its bytes.
final class WebProbe: NSObject, URLSessionDataDelegate, Sendable {
    static let shared = WebProbe()

    private let waiting = Mutex<[Int: @Sendable (ExternalLinkCheck.Outcome) -> Void]>([:])
    private let session = Mutex<URLSession?>(nil)

    private var urlSession: URLSession {
        session.withLock { current in
            if let current { return current }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.httpShouldSetCookies = false
            configuration.httpAdditionalHeaders = ["User-Agent": "journalgen-check/\(JournalgenVersion.current) (link checker)"]
            let made = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
            current = made
            return made
        }
    }

    /// Calls `done` once with the answer. Nothing waits on a thread while a request is out:
    /// blocked threads starved the ones URLSession itself needs, and checks hung.
    func ask(_ url: URL, timeout: TimeInterval, done: @escaping @Sendable (ExternalLinkCheck.Outcome) -> Void) {
        request(url, method: "HEAD", timeout: timeout) { head in
            switch head {
            case .broken, .refused: self.request(url, method: "GET", timeout: timeout, done: done)
            default: done(head)
            }
        }
    }

    /// One request, answered by its status, its error, or `timeout` seconds without either.
    func request(_ url: URL, method: String, timeout: TimeInterval, done: @escaping @Sendable (ExternalLinkCheck.Outcome) -> Void) {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        let task = urlSession.dataTask(with: request)
        let id = task.taskIdentifier
        waiting.withLock { $0[id] = done }
        task.resume()
        // URLSession's own timeout is between bytes (and not kept on Linux): this bounds the answer.
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak task] in
            guard self.answer(id, with: .timedOut) else { return }
            task?.cancel()
        }
    }

    /// Gives the request's answer once; false when it was answered already.
    private func answer(_ id: Int, with outcome: ExternalLinkCheck.Outcome) -> Bool {
        guard let done = waiting.withLock({ $0.removeValue(forKey: id) }) else { return false }
        done(outcome)
        return true
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        _ = answer(dataTask.taskIdentifier, with: Self.outcome(response: response, error: nil))
        completionHandler(.cancel)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        _ = answer(task.taskIdentifier, with: Self.outcome(response: task.response, error: error))
    }

    static func outcome(response: URLResponse?, error: Error?) -> ExternalLinkCheck.Outcome {
        if let error = error as? URLError {
            switch error.code {
            case .timedOut: return .timedOut
            case .cannotFindHost, .dnsLookupFailed: return .unreachable("no such host")
            case .cannotConnectToHost: return .unreachable("the connection was refused")
            case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .secureConnectionFailed:
                return .unreachable("its certificate is not valid")
            default: return .unreachable(error.localizedDescription)
            }
        }
        if let error { return .unreachable(error.localizedDescription) }
        guard let status = (response as? HTTPURLResponse)?.statusCode else { return .unreachable("no HTTP answer") }
        switch status {
        case 200..<400: return .fine(status: status)
        case 401, 403, 429: return .refused(status: status)
        default: return .broken(status: status)
        }
    }
}
