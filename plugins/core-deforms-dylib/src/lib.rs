//! `rigc-core-deforms` as a dynamic library: the same plugin, exported through the
//! `rigc_plugin_entry` symbol, so a host can load it with `libloading`.

rigc_sdk::export_plugin!(rigc_core_deforms::CoreDeforms);
