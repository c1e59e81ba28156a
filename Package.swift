// swift-tools-version: 6.0
import Foundation
import PackageDescription

// libvips's pkg-config file brings `-pthread` a dozen times through glib's, which SwiftPM drops
// with a warning on every build. Where glib's headers are where Debian puts them, the two folders
// vips.h needs are given directly instead (elsewhere, as on macOS, pkg-config stays).
let glibFolders: [String] = {
    let config = ["x86_64-linux-gnu", "aarch64-linux-gnu", "arm-linux-gnueabihf", "riscv64-linux-gnu"]
        .map { "/usr/lib/\($0)/glib-2.0/include" }
        .first { FileManager.default.fileExists(atPath: $0 + "/glibconfig.h") }
    guard let config, FileManager.default.fileExists(atPath: "/usr/include/glib-2.0/glib.h") else { return [] }
    return ["/usr/include/glib-2.0", config]
}()

let package = Package(
    name: "journalgen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "journalgen", targets: ["journalgen"]),
        .library(name: "JournalgenKit", targets: ["JournalgenKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // `journalgen serve`: a small HTTP and WebSocket server (docs/serve.md says why this one).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // C libraries from Debian packages (see README: `make setup` installs them).
        .systemLibrary(
            name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        // Day One's exports are ZIP files (`journalgen import dayone export.zip`).
        .systemLibrary(
            name: "CLibArchive", pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]),
        // xxHash's XXH3, for the fingerprints that tell which pages a change touches.
        .systemLibrary(
            name: "CXXHash", pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]),
        .systemLibrary(
            name: "CVips", pkgConfig: glibFolders.isEmpty ? "vips" : nil,
            providers: [.apt(["libvips-dev"])]),
        // Non-variadic wrappers of libvips calls (Swift cannot call C variadic functions).
        .target(name: "CVipsShim", dependencies: ["CVips"]),
        // renameat2, which Swift's Glibc module does not show: the output swap is atomic with it.
        .target(name: "CFileShim"),
        // The kernel's keyring (add_key, keyctl), which glibc does not wrap: Privacy/KeyAgent.swift.
        .target(name: "CKeyringShim"),
        // The world map's data, put into the binary as it is (Maps/WorldMap.swift).
        .target(name: "CWorldMap", exclude: ["world.jgmap"]),
        // glibc's mallopt, which Swift's Glibc module does not show (Support/AllocatorPolicy.swift).
        .target(name: "CAllocatorShim"),
        // cmark-gfm's memory for one document at a time, taken and released in bulk.
        .target(name: "CCmarkArena", dependencies: ["CCmarkGFM"]),
        // cmark-gfm's documents finished on all cores (its special characters are a global).
        .target(name: "CCmarkThreads", dependencies: ["CCmarkGFM"], linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),

        // The engine: every stage of the pipeline, usable without the command line.
        .target(
            name: "JournalgenKit",
            dependencies: [
                "CCmarkGFM", "CCmarkArena", "CCmarkThreads", "CLibXML2", "CLibArchive", "CXXHash", "CVips", "CVipsShim", "CFileShim", "CKeyringShim", "CAllocatorShim", "CWorldMap",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "FlyingFox", package: "FlyingFox"),
            ],
            plugins: ["EmbedAssetsPlugin"]),

        // The thin command layer.
        .executableTarget(
            name: "journalgen",
            dependencies: [
                "JournalgenKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Embeds templates/ and themes/ into the binary, so an installed journalgen needs no files.
        .executableTarget(name: "EmbedAssets"),
        .plugin(name: "EmbedAssetsPlugin", capability: .buildTool(), dependencies: ["EmbedAssets"]),

        .testTarget(
            name: "JournalgenKitTests",
            dependencies: ["JournalgenKit", "journalgen", "CLibXML2", "CKeyringShim", .product(name: "Crypto", package: "swift-crypto")]),
    ]
)

for target in package.targets where !glibFolders.isEmpty {
    switch target.name {
    case "CVipsShim": target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(glibFolders.map { "-I" + $0 })]
    case "JournalgenKit", "journalgen", "JournalgenKitTests":
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(glibFolders.flatMap { ["-Xcc", "-I" + $0] })]
    default: break
    }
}

// The fuzzer (`make fuzz`): built only on request. The engine is compiled with libFuzzer's
// coverage; the fuzzer's link brings libFuzzer's `main` (and only its: the asset tool keeps its own).
if ProcessInfo.processInfo.environment["JOURNALGEN_FUZZ"] != nil {
    let fuzzer: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer"])]
    for target in package.targets where target.name == "JournalgenKit" {
        target.swiftSettings = (target.swiftSettings ?? []) + fuzzer
    }
    package.targets.append(.executableTarget(name: "JournalgenFuzz", dependencies: ["JournalgenKit"],
                                             swiftSettings: fuzzer + [.unsafeFlags(["-parse-as-library"] + glibFolders.flatMap { ["-Xcc", "-I" + $0] })],
                                             linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]))
    package.products.append(.executable(name: "journalgen-fuzz", targets: ["JournalgenFuzz"]))
}
