fn main() -> std::process::ExitCode {
    umodel::cli::main()
}
