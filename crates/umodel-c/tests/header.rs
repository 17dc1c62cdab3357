//! The committed header is what cbindgen makes of src/lib.rs now. When an exported item changes,
//! this fails; `UMODEL_BLESS=1 cargo test --test header` rewrites the header.

use std::path::Path;

#[test]
fn the_committed_header_is_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen reads src/lib.rs");
    let mut fresh = Vec::new();
    bindings.write(&mut fresh);
    let path = dir.join("include/umodel.h");
    if std::env::var_os("UMODEL_BLESS").is_some() {
        std::fs::write(&path, &fresh).expect("write include/umodel.h");
        return;
    }
    let committed = std::fs::read(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "{} is stale: it differs from what cbindgen makes of src/lib.rs now; run \
         `UMODEL_BLESS=1 cargo test --test header` and commit the header",
        path.display()
    );
}
