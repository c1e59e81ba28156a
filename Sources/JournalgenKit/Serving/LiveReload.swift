import Foundation
import Synchronization

/// The browser side of `serve`: a script added to every HTML page the server sends (never to
/// what `build` writes), and the open tabs it talks to over a WebSocket.
///
/// After each build the server tells every tab; a tab asks whether its own page changed (by the
/// page's fingerprint, so an edit elsewhere leaves it alone) and reloads in place, keeping its
/// scroll position. A failed build shows its messages over the last good page; the next good
/// build removes them.
public final class LiveReload: Sendable {
    private let clients = Mutex<[UUID: AsyncStream<String>.Continuation]>([:])
    /// The messages of the last build when it failed, for pages opened since.
    private let errors = Mutex<[String]>([])

    public init() {}

    static let socketPath = "/__journalgen/live"
    static let versionPath = "/__journalgen/version"

    var clientCount: Int { clients.withLock { $0.count } }

    /// A new tab: the messages it will be sent.
    func connect() -> AsyncStream<String> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream()
        continuation.onTermination = { [weak self] _ in self?.clients.withLock { _ = $0.removeValue(forKey: id) } }
        clients.withLock { $0[id] = continuation }
        return stream
    }

    /// After a build: tabs check their page (and reload if it changed), or show the errors.
    public func built(errors messages: [String]) {
        errors.withLock { $0 = messages }
        let message: String
        if messages.isEmpty {
            message = #"{"type":"built"}"#
        } else {
            let data = (try? JSONSerialization.data(withJSONObject: ["type": "error", "messages": messages])) ?? Data()
            message = String(decoding: data, as: UTF8.self)
        }
        for client in clients.withLock({ Array($0.values) }) { client.yield(message) }
    }

    var currentErrors: [String] { errors.withLock { $0 } }

    /// Adds the script to a page, with its fingerprint and the current errors, before `</body>`.
    func inject(into html: Data, version: String) -> Data {
        let errorsJSON = (try? JSONSerialization.data(withJSONObject: currentErrors)) ?? Data("[]".utf8)
        let tag = "<script data-journalgen-live data-version=\"\(version)\" data-errors=\"\(HTMLEscaping.escape(String(decoding: errorsJSON, as: UTF8.self)))\">\(Self.script)</script>"
        let closing = Data("</body>".utf8)
        var page = html
        if let range = page.range(of: closing, options: .backwards) {
            page.insert(contentsOf: Data(tag.utf8), at: range.lowerBound)
        } else {
            page.append(Data(tag.utf8))
        }
        return page
    }

    /// Kept small and free of dependencies; it runs only under `journalgen serve`.
    static let script = """
    (function () {
      var me = document.currentScript, version = me.dataset.version, key = "journalgen-scroll:" + location.pathname;
      var saved = sessionStorage.getItem(key);
      if (saved !== null) { sessionStorage.removeItem(key); window.scrollTo(0, +saved); }
      function overlay(messages) {
        var old = document.getElementById("journalgen-errors");
        if (old) old.remove();
        if (!messages || !messages.length) return;
        var box = document.createElement("div");
        box.id = "journalgen-errors";
        box.setAttribute("role", "alertdialog");
        box.setAttribute("aria-label", "Build errors");
        box.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(24,20,20,.97);color:#fff;padding:1.5rem;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap;overflow-wrap:anywhere";
        var head = document.createElement("p");
        head.style.cssText = "margin:0 0 1rem;font:bold 16px/1.4 system-ui,sans-serif;color:#ffb4a8";
        head.textContent = "The build failed; this is the last good page. Fix the file and save: the page reloads by itself.";
        box.appendChild(head);
        messages.forEach(function (m) { var line = document.createElement("div"); line.textContent = m; line.style.marginBottom = ".5rem"; box.appendChild(line); });
        document.body.appendChild(box);
      }
      overlay(JSON.parse(me.dataset.errors || "[]"));
      function reloadIfChanged() {
        fetch("\(versionPath)?path=" + encodeURIComponent(location.pathname), { cache: "no-store" })
          .then(function (r) { return r.text(); })
          .then(function (now) {
            overlay([]);
            if (now !== version) { sessionStorage.setItem(key, String(window.scrollY)); location.reload(); }
          }).catch(function () {});
      }
      function connect() {
        var socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "\(socketPath)");
        socket.onmessage = function (event) {
          var message = JSON.parse(event.data);
          if (message.type === "error") overlay(message.messages); else reloadIfChanged();
        };
        socket.onclose = function () { setTimeout(connect, 1000); };
      }
      connect();
    })();
    """
}
