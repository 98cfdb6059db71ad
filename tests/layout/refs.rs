//! What one module writes that may name another module: every leaf of every
//! `use` tree (as a flat path, with the name it binds or as a glob) and every
//! path in its code, each with its line. Found with `syn::visit::Visit`
//! (`visit_use_tree`, `visit_path`). A macro invocation's body is visited as
//! code when it parses as comma-separated expressions, statements or items;
//! otherwise (`json!({..})`, `matches!(x, P)`, `macro_rules!` rules) its
//! tokens are scanned for `a::b` sequences, which are taken as code paths
//! (`$crate::` as `crate::`). Inline child modules are not entered: they
//! are modules of their own.

use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};

/// What a `use` leaf brings into scope.
#[derive(Clone, Debug, PartialEq)]
pub enum Binds {
    /// `a::b` or `a::b as c` or `a::{self}`: the name `b`, `c`, `a` (`_` binds none).
    Name(String),
    /// `a::*`: everything `a` holds.
    Glob,
}

/// A leaf of a `use` tree, flattened: `use a::{b, c::*}` gives `a::b` and `a::c` (glob).
pub struct UseLeaf {
    pub segments: Vec<String>,
    /// `use ::a::b`: an external crate, never a module here.
    pub global: bool,
    pub binds: Binds,
    pub line: usize,
}

/// A path written in code: `a::b::C`, `super::f`, `crate::x::Y::new`.
pub struct CodePath {
    pub segments: Vec<String>,
    pub global: bool,
    pub line: usize,
}

/// Everything one module writes.
#[derive(Default)]
pub struct Written {
    pub uses: Vec<UseLeaf>,
    pub paths: Vec<CodePath>,
    /// Macro bodies not read as code, only scanned for `a::b` token sequences.
    pub scanned_macros: usize,
}

/// Collects what `items` (one module's own items) write.
pub fn collect(items: &[syn::Item]) -> Written {
    let mut collector = Collector {
        written: Written::default(),
        prefix: Vec::new(),
        global: false,
    };
    for item in items {
        collector.visit_item(item);
    }
    collector.written
}

struct Collector {
    written: Written,
    /// The segments of the `use` tree above the node being visited.
    prefix: Vec<String>,
    /// The `use` being visited starts with `::`.
    global: bool,
}

impl Collector {
    fn leaf(&mut self, segments: Vec<String>, binds: Binds, span: proc_macro2::Span) {
        let leaf = UseLeaf {
            segments,
            global: self.global,
            binds,
            line: span.start().line,
        };
        self.written.uses.push(leaf);
    }

    /// The body of a macro invocation, visited if it reads as code.
    fn visit_macro_body(&mut self, mac: &syn::Macro) {
        type Exprs = Punctuated<syn::Expr, syn::Token![,]>;
        if let Ok(exprs) = mac.parse_body_with(Exprs::parse_terminated) {
            exprs.iter().for_each(|e| self.visit_expr(e));
        } else if let Ok(stmts) = mac.parse_body_with(syn::Block::parse_within) {
            stmts.iter().for_each(|s| self.visit_stmt(s));
        } else if let Ok(file) = mac.parse_body::<syn::File>() {
            file.items.iter().for_each(|i| self.visit_item(i));
        } else {
            self.scan(mac.tokens.clone());
        }
    }

    /// Takes every `a::b..` run of tokens in `tokens` (groups included) as a
    /// code path: a `::` before it makes it global, a `$` before it makes it
    /// a macro variable (`$x::y`, skipped) except `$crate`.
    fn scan(&mut self, tokens: proc_macro2::TokenStream) {
        self.written.scanned_macros += 1;
        self.scan_tokens(tokens);
    }

    fn scan_tokens(&mut self, tokens: proc_macro2::TokenStream) {
        use proc_macro2::TokenTree;
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let punct_at = |i: usize, c: char| punct(tokens.get(i), c).is_some();
        let is_colon2 = |i: usize| {
            punct(tokens.get(i), ':').is_some_and(|p| p.spacing() == proc_macro2::Spacing::Joint)
                && punct_at(i + 1, ':')
        };
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i] {
                TokenTree::Group(g) => {
                    self.scan_tokens(g.stream());
                    i += 1;
                }
                TokenTree::Ident(first) => {
                    let after_dollar = i > 0 && punct_at(i - 1, '$');
                    let global = i >= 2 && is_colon2(i - 2);
                    let mut segments = vec![first.to_string()];
                    let mut j = i + 1;
                    while is_colon2(j) {
                        let Some(TokenTree::Ident(next)) = tokens.get(j + 2) else {
                            break;
                        };
                        segments.push(next.to_string());
                        j += 3;
                    }
                    if segments.len() > 1 && (!after_dollar || segments[0] == "crate") {
                        let line = first.span().start().line;
                        self.written.paths.push(CodePath {
                            segments,
                            global,
                            line,
                        });
                    }
                    i = j;
                }
                TokenTree::Punct(_) | TokenTree::Literal(_) => i += 1,
            }
        }
    }
}

impl<'ast> Visit<'ast> for Collector {
    /// An inline module is a module of its own (see `tree`), not part of this one.
    /// (A module declared inside a function body is not seen at all.)
    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {}

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.global = item.leading_colon.is_some();
        self.prefix.clear();
        self.visit_use_tree(&item.tree);
        self.global = false;
    }

    fn visit_use_tree(&mut self, tree: &'ast syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                self.prefix.push(p.ident.to_string());
                self.visit_use_tree(&p.tree);
                self.prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let (segments, name) = named(&self.prefix, &n.ident);
                self.leaf(segments, Binds::Name(name), n.ident.span());
            }
            syn::UseTree::Rename(r) => {
                let (segments, _) = named(&self.prefix, &r.ident);
                self.leaf(segments, Binds::Name(r.rename.to_string()), r.ident.span());
            }
            syn::UseTree::Glob(g) => {
                let segments = self.prefix.clone();
                self.leaf(segments, Binds::Glob, g.star_token.span);
            }
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.visit_use_tree(t)),
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if let Some(first) = path.segments.first() {
            let segments = path.segments.iter().map(|s| s.ident.to_string()).collect();
            let line = first.ident.span().start().line;
            let global = path.leading_colon.is_some();
            self.written.paths.push(CodePath {
                segments,
                global,
                line,
            });
        }
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        self.visit_macro_body(mac);
    }

    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        if item.mac.path.is_ident("macro_rules") {
            // Rules with `$` fragments: not code until expanded.
            self.scan(item.mac.tokens.clone());
            return;
        }
        visit::visit_item_macro(self, item);
    }
}

/// `token` if it is the punctuation `c`.
fn punct(token: Option<&proc_macro2::TokenTree>, c: char) -> Option<&proc_macro2::Punct> {
    match token {
        Some(proc_macro2::TokenTree::Punct(p)) if p.as_char() == c => Some(p),
        _ => None,
    }
}

/// The flat path of a `use` leaf `ident` under `prefix`, and the name it
/// binds: `a::self` is `a`, binding `a`.
fn named(prefix: &[String], ident: &syn::Ident) -> (Vec<String>, String) {
    if ident == "self" {
        let name = prefix.last().cloned().unwrap_or_default();
        (prefix.to_vec(), name)
    } else {
        let mut segments = prefix.to_vec();
        segments.push(ident.to_string());
        (segments, ident.to_string())
    }
}
