import Foundation
import PackagePlugin

/// Embeds the server's SQL files (`Cloud/Live/Server/SQL/**/*.sql`) in
/// ScorekeeperCore as one generated Swift source, at every build: the
/// files are what a reviewer reads and `psql -f` runs, and the binary
/// carries exactly them, with no resources to find at run time.
@main
struct EmbedServerSQL: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = target.directoryURL.appending(path: "Cloud/Live/Server/SQL")
    let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path(percentEncoded: false))
      .filter { $0.hasSuffix(".sql") }.sorted()
    let output = context.pluginWorkDirectoryURL.appending(path: "ServerSQLFiles.generated.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) server SQL files",
        executable: try context.tool(named: "embed-server-sql").url,
        arguments: [folder.path(percentEncoded: false), output.path(percentEncoded: false)] + files,
        inputFiles: files.map { folder.appending(path: $0) },
        outputFiles: [output])
    ]
  }
}
