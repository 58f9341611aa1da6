// swift-tools-version: 6.1
import PackageDescription

/// Whether this package is being built as another package's dependency (SwiftPM checks
/// dependencies out under `.build/checkouts`, Xcode under `SourcePackages/checkouts`). SwiftPM
/// refuses a version-pinned dependency whose products carry unsafe flags, so the flags below,
/// which only speed up this repository's own debug tests and release executable, are left out
/// there: a package that depends on `PrimeFactors` gets it built as any other library.
let builtAsDependency = ["/.build/checkouts/", "/SourcePackages/checkouts/"].contains {
    Context.packageDirectory.contains($0)
}

/// `settings`, unless this package is another's dependency (see `builtAsDependency`).
func ownBuildsOnly<Setting>(_ settings: [Setting]) -> [Setting] {
    builtAsDependency ? [] : settings
}

#if os(Linux)
    let cmarkPackage: String? = nil
#else
    let cmarkPackage: String? = "libcmark"
#endif

let package = Package(
    name: "Casebook",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "PrimeFactors", targets: ["PrimeFactors"]),
        .library(name: "SurveySync", targets: ["SurveySync"]),
        .library(name: "SurveySyncCore", targets: ["SurveySyncCore"]),
        .library(name: "CasebookJSON", targets: ["CasebookJSON"]),
        .library(name: "Menu", targets: ["Menu"]),
        .library(name: "MenuSQLite", targets: ["MenuSQLite"]),
        .library(name: "MenuPostgres", targets: ["MenuPostgres"]),
        .library(name: "Diary", targets: ["Diary"]),
        .library(name: "DiaryCore", targets: ["DiaryCore"]),
        .library(name: "Accounts", targets: ["Accounts"]),
        .library(name: "AccountsCore", targets: ["AccountsCore"]),
        .library(name: "AccountsBcrypt", targets: ["AccountsBcrypt"]),
        .library(name: "AccountsHTTPClient", targets: ["AccountsHTTPClient"]),
        .library(name: "SurveySyncHTTPClient", targets: ["SurveySyncHTTPClient"]),
        .library(name: "Documents", targets: ["Documents"]),
        .library(name: "CasebookServer", targets: ["CasebookServer"]),
        .library(name: "CasebookPostgres", targets: ["CasebookPostgres"]),
        .library(name: "DiaryPostgres", targets: ["DiaryPostgres"]),
        .library(name: "DiaryHTTPClient", targets: ["DiaryHTTPClient"]),
        .library(name: "SurveySyncPostgres", targets: ["SurveySyncPostgres"]),
        .library(name: "AccountsPostgres", targets: ["AccountsPostgres"]),
        .executable(name: "casebook", targets: ["casebook"]),
        .executable(name: "casebook-bench", targets: ["CasebookBench"]),
        .executable(name: "fuzz-respondent-yaml", targets: ["FuzzRespondentYAML"]),
        .executable(name: "fuzz-json-body", targets: ["FuzzJSONBody"]),
        .executable(name: "fuzz-menu-yaml", targets: ["FuzzMenuYAML"]),
        .executable(name: "fuzz-factor-tokens", targets: ["FuzzFactorTokens"]),
        .executable(name: "fuzz-form-body", targets: ["FuzzFormBody"]),
        .executable(name: "fuzz-zip-file", targets: ["FuzzZipFile"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(
            url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1",
            traits: ["FullFoundation"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .target(
            name: "PrimeFactors", dependencies: [.product(name: "BigInt", package: "BigInt")],
            // Optimised in debug builds too, as one whole module: the tests factor numbers of up
            // to 200 bits, which unoptimised generic arithmetic takes minutes over, and the
            // generic methods run specialised for each arithmetic only when the compiler sees
            // every file at once (the 64-bit elliptic-curve method was six times slower).
            swiftSettings: ownBuildsOnly([
                .unsafeFlags(["-O", "-wmo", "-num-threads", "2"], .when(configuration: .debug))
            ])),
        .target(name: "CasebookFileSystem"),
        .target(name: "CasebookJSON"),
        .target(name: "CasebookPhotos"),
        .target(
            name: "CasebookWords",
            // Optimised in debug builds too: every store indexes each entry and respondent it
            // saves through it, and the tests and the debug executable save texts of up to a
            // megabyte (a 900 KB note: 19 ms unoptimised, under 1 ms optimised).
            swiftSettings: ownBuildsOnly([
                .unsafeFlags(["-O", "-wmo", "-num-threads", "2"], .when(configuration: .debug))
            ])),
        // zlib (Debian's zlib1g-dev, which Swift's own packages need too), for a ZIP's
        // deflated entries.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(name: "CasebookZip", dependencies: ["CZlib"]),
        // libxml2 (Debian's libxml2), whose streaming reader reads a spreadsheet's XML parts.
        // Loaded when the first spreadsheet is read, not linked (see
        // Sources/Shared/CLibXML2/shim.h).
        .systemLibrary(name: "CLibXML2", providers: [.apt(["libxml2"]), .brew(["libxml2"])]),
        .target(name: "CasebookXLSX", dependencies: ["CasebookZip", "CLibXML2"]),
        // cmark (Debian's libcmark-dev), the CommonMark reference implementation, for the
        // diary's entries as they read. On Linux its header is on the default path, and its
        // pkg-config file would put -L/usr/lib/x86_64-linux-gnu before Linking/ on the release
        // link, which would then take every library's shared form (see Linking/).
        .systemLibrary(
            name: "CCmark", pkgConfig: cmarkPackage,
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]),
        .target(name: "CasebookMarkdown", dependencies: ["CCmark"]),
        .target(name: "CasebookForms"),
        .target(name: "CasebookDataDirectory"),
        .target(
            name: "CasebookWire",
            dependencies: [
                "AccountsCore", "CasebookCalendar", "CasebookJSON", "CasebookZip", "DiaryCore",
                "SurveySyncCore", .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(name: "CasebookCalendar"),
        .target(name: "CasebookYAML", dependencies: ["CasebookJSON", "Yams"]),
        .target(name: "StoreFailures"),
        .target(
            name: "CasebookSQLite",
            dependencies: [
                "CasebookFileSystem", "StoreFailures",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .target(
            name: "SurveySyncCore",
            dependencies: [
                "CasebookCalendar", "CasebookFileSystem", "CasebookJSON", "CasebookWords",
                "CasebookYAML", "CasebookZip", "StoreFailures", "Yams",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(
            name: "SurveySyncFiles",
            dependencies: ["SurveySyncCore", "CasebookFileSystem", "CasebookXLSX"]),
        .target(
            name: "SurveySyncSQLite",
            dependencies: [
                "SurveySyncCore", "CasebookSQLite", "StoreFailures",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .target(name: "CasebookURLSession"),
        .target(
            name: "SurveySyncURLSession", dependencies: ["SurveySyncCore", "CasebookURLSession"]),
        .target(
            name: "CasebookHTTPClient",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        .target(
            name: "SurveySyncHTTPClient", dependencies: ["SurveySyncCore", "CasebookHTTPClient"]),
        .target(
            name: "SurveySync",
            dependencies: [
                "SurveySyncCore", "SurveySyncFiles", "SurveySyncSQLite", "SurveySyncURLSession",
            ]),
        .target(
            name: "CasebookQR",
            // Optimised in debug builds too: a code tries all eight masks over up to 31,329
            // modules, and the tests make 160 of them (four seconds unoptimised).
            swiftSettings: ownBuildsOnly([
                .unsafeFlags(["-O", "-wmo", "-num-threads", "2"], .when(configuration: .debug))
            ])),
        .target(
            name: "Menu",
            dependencies: [
                "CasebookFileSystem", "CasebookPhotos", "CasebookYAML", "StoreFailures", "Yams",
            ]),
        .target(
            name: "MenuSQLite",
            dependencies: [
                "Menu", "CasebookSQLite", "StoreFailures",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // libvips (Debian's libvips42), which decodes, turns, shrinks and re-encodes the
        // photos; only its JPEG, PNG and WebP loaders are let run. Loaded when the first photo
        // is made, not linked (see Sources/Menu/CVips/shim.h).
        .systemLibrary(name: "CVips", providers: [.apt(["libvips42"]), .brew(["vips"])]),
        .target(
            name: "MenuPhotos",
            dependencies: ["Menu", "CVips", .product(name: "Crypto", package: "swift-crypto")]),
        .target(
            name: "MenuPostgres",
            dependencies: [
                "Menu", "CasebookPostgres", "StoreFailures",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
        .target(name: "DiaryCore", dependencies: ["CasebookPhotos", "CasebookWords"]),
        .target(
            name: "DiarySQLite",
            dependencies: [
                "DiaryCore", "CasebookFileSystem", "CasebookSQLite", "StoreFailures",
                .product(name: "GRDB", package: "GRDB.swift"),
                // sqlite3_serialize and sqlite3_deserialize, for a sealed diary in memory.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .target(name: "Diary", dependencies: ["DiaryCore", "DiarySQLite"]),
        .target(
            name: "AccountsCore", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        .target(
            name: "AccountsFiles",
            dependencies: [
                "AccountsCore", "CasebookFileSystem",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(
            name: "AccountsSQLite",
            dependencies: [
                "AccountsCore", "CasebookSQLite", "StoreFailures",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .target(
            name: "AccountsURLSession",
            dependencies: ["AccountsCore", "CasebookFileSystem", "CasebookURLSession"]),
        .target(
            name: "AccountsHTTPClient",
            dependencies: ["AccountsCore", "CasebookFileSystem", "CasebookHTTPClient"]),
        .target(
            name: "AccountsBcrypt",
            dependencies: [
                "AccountsCore", .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ]),
        .target(
            name: "Accounts",
            dependencies: ["AccountsCore", "AccountsFiles", "AccountsSQLite", "AccountsURLSession"]),
        .target(name: "Documents", dependencies: ["CasebookFileSystem"]),
        .target(
            name: "CasebookPostgres",
            dependencies: [
                "CasebookFileSystem", "StoreFailures",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .target(
            name: "DiaryHTTPClient",
            dependencies: ["DiaryCore", "CasebookWire", "CasebookHTTPClient"]),
        .target(
            name: "DiaryPostgres",
            dependencies: [
                "CasebookPostgres", "DiaryCore", "StoreFailures",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
        .target(
            name: "SurveySyncPostgres",
            dependencies: [
                "CasebookPostgres", "SurveySyncCore", "StoreFailures",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
        .target(
            name: "AccountsPostgres",
            dependencies: [
                "CasebookPostgres", "AccountsCore", "StoreFailures",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
        .target(
            name: "CasebookServer",
            dependencies: [
                "CasebookServerResources",
                "CasebookQR",
                "CasebookZip",
                "CasebookMarkdown",
                "AccountsCore",
                "AccountsFiles",
                "AccountsHTTPClient",
                "AccountsSQLite",
                "AccountsBcrypt",
                "CasebookDataDirectory",
                "CasebookFileSystem",
                "AccountsPostgres",
                "CasebookForms",
                "CasebookJSON",
                "CasebookPostgres",
                "CasebookSQLite",
                "DiaryPostgres",
                "MenuPhotos",
                "MenuPostgres",
                "MenuSQLite",
                "SurveySyncPostgres",
                "CasebookWire",
                "StoreFailures",
                "Diary",
                "Documents",
                "Menu",
                "PrimeFactors",
                "SurveySyncCore",
                "SurveySyncFiles",
                "SurveySyncHTTPClient",
                "SurveySyncSQLite",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            exclude: ["Resources"]),
        // The server's templates, stylesheet, script and OpenAPI description, compiled into the
        // binary by the EmbedResources plugin as string literals (SwiftPM's `embedInCode` writes
        // arrays of numbers, which took the compiler 16 s). A module of their own, so that a
        // changed template recompiles this module alone.
        .target(
            name: "CasebookServerResources", path: "Sources/Apps/CasebookServer/Resources",
            exclude: ["openapi.json", "Templates", "Assets"], plugins: ["EmbedResources"]),
        .plugin(
            name: "EmbedResources", capability: .buildTool(), dependencies: ["ResourceEmbedder"]),
        .executableTarget(name: "ResourceEmbedder", path: "Plugins/ResourceEmbedder"),
        .executableTarget(
            name: "casebook",
            dependencies: [
                "CasebookYAML",
                "AccountsCore",
                "CasebookXLSX",
                "CasebookHTTPClient",
                "AccountsFiles",
                "AccountsHTTPClient",
                "AccountsSQLite",
                "AccountsBcrypt",
                "AccountsPostgres",
                "CasebookDataDirectory",
                "CasebookFileSystem",
                "CasebookPostgres",
                "CasebookWire",
                "Diary",
                "DiaryHTTPClient",
                "DiaryPostgres",
                "Documents",
                "Menu",
                "MenuPostgres",
                "MenuSQLite",
                "PrimeFactors",
                "SurveySyncCore",
                "SurveySyncFiles",
                "SurveySyncHTTPClient",
                "SurveySyncPostgres",
                "SurveySyncSQLite",
                "CasebookServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Release builds link Swift's runtime and Foundation into the executable at fixed
            // addresses: the dynamic loader then binds a few hundred symbols instead of 20,000
            // and relocates no pointers instead of 153,000, in 3 shared objects (libc, libm and
            // the loader) instead of 52 (see docs/performance.md). Compiling this module
            // against the static Foundation makes its objects name the libraries it needs.
            // Debug builds link them so too, with lld, at fixed addresses and exporting no
            // symbols (600 dynamic symbols and 1,400 relocations instead of 89,000 and
            // 157,000): the tests start the executable hundreds of times, and each start then
            // costs 8 ms less of loading. (No test target links this module, which would bring
            // the static runtime beside the tests' dynamic one: every build, `swift test`'s
            // included, builds the executable anyway.)
            swiftSettings: ownBuildsOnly([
                .unsafeFlags(
                    [
                        "-static-stdlib", "-Xfrontend",
                        "-disable-concrete-type-metadata-mangled-name-accessors",
                    ], .when(platforms: [.linux], configuration: .release)),
                .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .debug)),
            ]),
            linkerSettings: ownBuildsOnly([
                .unsafeFlags(
                    [
                        "-static-stdlib", "-Xlinker", "-no-pie", "-Xlinker", "--no-export-dynamic",
                        // libstdc++, SQLite and zlib from their archives too (see Linking/).
                        "-L", Context.packageDirectory + "/Linking", "-Xclang-linker",
                        "-static-libgcc",
                        // The functions a short command runs, side by side (scripts/order-functions
                        // writes the list): a third of the code pages touched, 2 MB less RSS.
                        "-use-ld=lld", "-Xlinker",
                        "--symbol-ordering-file=" + Context.packageDirectory
                            + "/Linking/casebook.order",
                        "-Xlinker", "--no-warn-symbol-ordering",
                    ],
                    .when(platforms: [.linux], configuration: .release)),
                .unsafeFlags(
                    [
                        "-static-stdlib", "-use-ld=lld", "-Xlinker", "--no-export-dynamic",
                        "-Xlinker", "-no-pie",
                    ],
                    .when(platforms: [.linux], configuration: .debug)),
            ])
        ),
        .executableTarget(name: "CasebookBench", dependencies: ["CasebookDataDirectory", "Diary"]),
        .target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"),
        .executableTarget(
            name: "FuzzRespondentYAML", dependencies: ["FuzzDriver", "SurveySyncCore"],
            path: "Fuzz/RespondentYAML"),
        .executableTarget(
            name: "FuzzJSONBody", dependencies: ["FuzzDriver", "CasebookJSON"],
            path: "Fuzz/JSONBody"),
        .executableTarget(
            name: "FuzzMenuYAML", dependencies: ["FuzzDriver", "Menu"], path: "Fuzz/MenuYAML"),
        .executableTarget(
            name: "FuzzFactorTokens",
            dependencies: [
                "FuzzDriver", "PrimeFactors", .product(name: "BigInt", package: "BigInt"),
            ],
            path: "Fuzz/FactorTokens"),
        .executableTarget(
            name: "FuzzFormBody", dependencies: ["FuzzDriver", "CasebookForms"],
            path: "Fuzz/FormBody"),
        .executableTarget(
            name: "FuzzZipFile", dependencies: ["FuzzDriver", "CasebookZip"], path: "Fuzz/ZipFile"),
        .target(name: "CasebookTestSupport", path: "Tests/CasebookTestSupport"),
        .target(
            name: "PostgresTestSupport",
            dependencies: [
                "CasebookPostgres", "CasebookTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/PostgresTestSupport"),
        .testTarget(
            name: "CasebookPostgresTests",
            dependencies: [
                "CasebookPostgres", "CasebookTestSupport", "PostgresTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
        .testTarget(
            name: "PrimeFactorsTests",
            dependencies: [
                "PrimeFactors", "CasebookTestSupport", .product(name: "BigInt", package: "BigInt"),
            ]),
        .testTarget(
            name: "CasebookYAMLTests", dependencies: ["CasebookYAML", "CasebookJSON", "Yams"]),
        .testTarget(
            name: "CasebookZipTests", dependencies: ["CasebookZip", "CasebookTestSupport"]),
        .testTarget(
            name: "CasebookFileSystemTests",
            dependencies: ["CasebookFileSystem", "CasebookTestSupport"]),
        .testTarget(
            name: "AccountsTests",
            dependencies: [
                "Accounts", "AccountsBcrypt", "AccountsPostgres", "CasebookPostgres",
                "CasebookTestSupport", "PostgresTestSupport",
            ]),
        .testTarget(
            name: "DiaryTests",
            dependencies: [
                "Diary", "DiaryCore", "CasebookWords", "DiaryPostgres", "DiaryHTTPClient",
                "CasebookServer", "CasebookWire", "CasebookTestSupport", "PostgresTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
        .testTarget(
            name: "CasebookWireTests",
            dependencies: [
                "CasebookCalendar", "CasebookWire", "CasebookZip", "DiaryCore", "SurveySyncCore",
            ]),
        .testTarget(name: "DocumentsTests", dependencies: ["Documents", "CasebookTestSupport"]),
        .testTarget(name: "CasebookQRTests", dependencies: ["CasebookQR", "CasebookTestSupport"]),
        .testTarget(name: "CasebookMarkdownTests", dependencies: ["CasebookMarkdown"]),
        .testTarget(
            name: "MenuTests",
            dependencies: [
                "Menu", "MenuSQLite", "MenuPostgres", "MenuPhotos", "CasebookTestSupport",
                "PostgresTestSupport", .product(name: "Crypto", package: "swift-crypto"),
            ],
            // The photos the photo tests read (scripts/make-photo-fixtures).
            exclude: ["Photos"]),
        .testTarget(
            name: "SurveySyncTests",
            dependencies: [
                "SurveySync", "SurveySyncPostgres", "CasebookTestSupport", "PostgresTestSupport",
                "CasebookYAML", "CasebookZip", "CasebookXLSX",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "CasebookServerTests",
            dependencies: [
                "Accounts",
                "AccountsBcrypt",
                "AccountsHTTPClient",
                "CasebookForms",
                "CasebookZip",
                "CasebookHTTPClient",
                "SurveySyncHTTPClient",
                "CasebookServer",
                "CasebookDataDirectory",
                "Diary",
                "Menu",
                "SurveySync",
                "CasebookTestSupport",
                "PostgresTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            ],
            // The stores' fixtures, read from their files (scripts/make-store-fixtures).
            exclude: ["Fixtures"]),
        .testTarget(
            name: "PublicAPITests",
            dependencies: [
                "Accounts", "AccountsHTTPClient", "CasebookServer", "Diary", "Documents", "Menu",
                "PrimeFactors", "SurveySync", "SurveySyncHTTPClient",
            ]),
        .testTarget(
            name: "CasebookCLITests",
            dependencies: [
                "CasebookTestSupport", "CasebookWire", "CasebookZip", "Diary",
                "PostgresTestSupport", "PrimeFactors", .product(name: "BigInt", package: "BigInt"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

/// Where each module's sources live: a folder per system (its core and its adapters), one for
/// what the systems share, one for the applications. `PrimeFactors`, `Menu` and `Documents` are
/// systems of one module each, in `Sources/<module>`; every other module is in
/// `Sources/<group>/<module>`. Module names are the contract; folders only show the design.
let sourceFolders: [String: String] = [
    // Each system's folder holds its core and the adapters beside it.
    "SurveySyncCore": "Sources/SurveySync/SurveySyncCore",
    "SurveySyncFiles": "Sources/SurveySync/SurveySyncFiles",
    "SurveySyncSQLite": "Sources/SurveySync/SurveySyncSQLite",
    "SurveySyncPostgres": "Sources/SurveySync/SurveySyncPostgres",
    "SurveySyncURLSession": "Sources/SurveySync/SurveySyncURLSession",
    "SurveySyncHTTPClient": "Sources/SurveySync/SurveySyncHTTPClient",
    "SurveySync": "Sources/SurveySync/SurveySync",
    "DiaryCore": "Sources/Diary/DiaryCore",
    "DiarySQLite": "Sources/Diary/DiarySQLite",
    "DiaryPostgres": "Sources/Diary/DiaryPostgres",
    "DiaryHTTPClient": "Sources/Diary/DiaryHTTPClient",
    "Diary": "Sources/Diary/Diary",
    "Menu": "Sources/Menu/Menu",
    "MenuSQLite": "Sources/Menu/MenuSQLite",
    "MenuPostgres": "Sources/Menu/MenuPostgres",
    "MenuPhotos": "Sources/Menu/MenuPhotos",
    "CVips": "Sources/Menu/CVips",
    "AccountsCore": "Sources/Accounts/AccountsCore",
    "AccountsFiles": "Sources/Accounts/AccountsFiles",
    "AccountsSQLite": "Sources/Accounts/AccountsSQLite",
    "AccountsPostgres": "Sources/Accounts/AccountsPostgres",
    "AccountsURLSession": "Sources/Accounts/AccountsURLSession",
    "AccountsHTTPClient": "Sources/Accounts/AccountsHTTPClient",
    "AccountsBcrypt": "Sources/Accounts/AccountsBcrypt",
    "Accounts": "Sources/Accounts/Accounts",
    // What several systems share: files, formats, the stores' plumbing, HTTP clients.
    "CasebookCalendar": "Sources/Shared/CasebookCalendar",
    "CasebookQR": "Sources/Shared/CasebookQR",
    "CasebookFileSystem": "Sources/Shared/CasebookFileSystem",
    "CasebookJSON": "Sources/Shared/CasebookJSON",
    "CasebookPhotos": "Sources/Shared/CasebookPhotos",
    "CasebookWords": "Sources/Shared/CasebookWords",
    "CasebookZip": "Sources/Shared/CasebookZip",
    "CZlib": "Sources/Shared/CZlib",
    "CLibXML2": "Sources/Shared/CLibXML2",
    "CasebookXLSX": "Sources/Shared/CasebookXLSX",
    "CCmark": "Sources/Shared/CCmark",
    "CasebookMarkdown": "Sources/Shared/CasebookMarkdown",
    "CasebookForms": "Sources/Shared/CasebookForms",
    "CasebookDataDirectory": "Sources/Shared/CasebookDataDirectory",
    "CasebookWire": "Sources/Shared/CasebookWire",
    "CasebookYAML": "Sources/Shared/CasebookYAML",
    "StoreFailures": "Sources/Shared/StoreFailures",
    "CasebookSQLite": "Sources/Shared/CasebookSQLite",
    "CasebookPostgres": "Sources/Shared/CasebookPostgres",
    "CasebookURLSession": "Sources/Shared/CasebookURLSession",
    "CasebookHTTPClient": "Sources/Shared/CasebookHTTPClient",
    // The applications: the server, the command line, the diary benchmark.
    "CasebookServer": "Sources/Apps/CasebookServer",
    "casebook": "Sources/Apps/casebook",
    "CasebookBench": "Sources/Apps/CasebookBench",
]
for target in package.targets {
    if let folder = sourceFolders[target.name] { target.path = folder }
}
