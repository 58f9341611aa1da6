// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Casebook",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "PrimeFactors", targets: ["PrimeFactors"]),
        .library(name: "SurveySync", targets: ["SurveySync"]),
        .library(name: "Menu", targets: ["Menu"]),
        .library(name: "Diary", targets: ["Diary"]),
        .library(name: "Accounts", targets: ["Accounts"]),
        .library(name: "Documents", targets: ["Documents"]),
        .executable(name: "casebook", targets: ["casebook"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .target(name: "PrimeFactors"),
        .target(name: "SurveySync"),
        .target(name: "Menu"),
        .target(name: "Diary"),
        .target(name: "Accounts"),
        .target(name: "Documents"),
        .executableTarget(
            name: "casebook",
            dependencies: [
                "PrimeFactors",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "CasebookTestSupport", path: "Tests/CasebookTestSupport"),
        .testTarget(
            name: "PrimeFactorsTests", dependencies: ["PrimeFactors", "CasebookTestSupport"]),
        .testTarget(name: "CasebookCLITests", dependencies: ["casebook", "CasebookTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
