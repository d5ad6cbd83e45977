//! The file metadata dictionary, `{-# key: {...}, ... #-}`, parsed and checked as upstream's
//! `TopLevelOperationParser::parseFileMetadataDictionary` does, with its wording and locations.
//!
//! * `dialect_resources: { dialect: { key: value, ... }, ... }`: the dialect must be
//!   registered and handle resources. Of ours only `builtin` does (its blobs back
//!   `dense_resource<name>`); for the others upstream has no resource handler either.
//! * `external_resources: { group: { key: value, ... }, ... }`: upstream's mlir-opt reads every
//!   group into a fallback map, so the values are checked by their kind (bool, `"0x..."` blob,
//!   or string); Flowgate does not keep them.

use super::lexer::TokKind;
use super::parser::{PResult, Parser};

/// What a resource value's token reads as (upstream's `AsmResourceEntryKind`).
enum EntryKind {
    Bool,
    Blob,
    String,
}

impl Parser<'_> {
    /// `{-# key: value, ... #-}`; the current token is `{-#`.
    pub(crate) fn parse_file_metadata(&mut self) -> PResult<()> {
        self.bump();
        self.comma_list_until(TokKind::FileMetadataEnd, "#-}", |p| {
            let key_pos = p.tok.start;
            if !p.is(TokKind::BareId) {
                return Err(p.error_here("expected identifier key in file metadata dictionary"));
            }
            let key = p.spelling();
            p.bump();
            p.expect(TokKind::Colon, "':'")?;
            match key {
                "dialect_resources" => p.parse_resource_groups(Self::parse_dialect_resources),
                "external_resources" => p.parse_resource_groups(Self::parse_external_resources),
                _ => Err(p.error_at(key_pos, format!("unknown key '{key}' in file metadata dictionary"))),
            }
        })
    }

    /// `{ name: { body }, ... }`, `body` parsed by `body(parser, name, name_pos)` after the
    /// inner `{`.
    fn parse_resource_groups(&mut self, body: fn(&mut Self, &str, usize) -> PResult<()>) -> PResult<()> {
        self.expect(TokKind::LBrace, "'{'")?;
        self.comma_list_until(TokKind::RBrace, "}", |p| {
            let name_pos = p.tok.start;
            if !p.is(TokKind::BareId) {
                return Err(p.error_here("expected identifier key for 'resource' entry"));
            }
            let name = p.spelling();
            p.bump();
            p.expect(TokKind::Colon, "':'")?;
            p.expect(TokKind::LBrace, "'{'")?;
            body(p, name, name_pos)
        })
    }

    /// The entries of one dialect's resources.
    fn parse_dialect_resources(&mut self, dialect: &str, name_pos: usize) -> PResult<()> {
        if !self.ctx.is_dialect_registered(dialect) {
            return Err(self.error_at(name_pos, format!("dialect '{dialect}' is unknown")));
        }
        if dialect != "builtin" {
            return Err(self.error_here(format!("unexpected 'resource' section for dialect '{dialect}'")));
        }
        self.comma_list_until(TokKind::RBrace, "}", |p| {
            let key = p.resource_key().ok_or_else(|| p.error_here("expected identifier key for 'resource' entry"))?;
            p.expect(TokKind::Colon, "':'")?;
            p.refuse_lexer_error(format!("expected hex string blob for key '{key}'"))?;
            let blob = p.resource_blob(&key)?;
            p.ctx.set_resource_blob(&key, blob);
            Ok(())
        })
    }

    /// The entries of one group of external resources: checked, not kept.
    fn parse_external_resources(&mut self, _group: &str, _name_pos: usize) -> PResult<()> {
        self.comma_list_until(TokKind::RBrace, "}", |p| {
            let key = p
                .resource_key()
                .ok_or_else(|| p.error_here("expected identifier key for 'external_resources' entry"))?;
            p.expect(TokKind::Colon, "':'")?;
            // The error token's text is no `"0x...`: upstream reads it as a string entry.
            p.refuse_lexer_error(format!("expected string value for key '{key}'"))?;
            match p.resource_entry_kind() {
                EntryKind::Bool => p.bump(),
                EntryKind::Blob => {
                    p.resource_blob(&key)?;
                }
                EntryKind::String => {
                    if !p.is(TokKind::String) {
                        let pos = p.tok.start;
                        return Err(p.error_at(pos, format!("expected string value for key '{key}'")));
                    }
                    p.parse_string_literal()?;
                }
            }
            Ok(())
        })
    }

    /// A value token the lexer refused: upstream's lexer reports it as soon as the token is
    /// read, and the entry then fails on the error token (which starts where the lexer
    /// stopped) with `then`, a second error.
    fn refuse_lexer_error(&mut self, then: String) -> PResult<()> {
        if !self.is(TokKind::Error) {
            return Ok(());
        }
        let (at, _) = super::lexer::error_of(self.lex.src, self.tok);
        let loc = self.loc_at(at);
        Err(self.error_here("").with_error(loc, then))
    }

    /// A resource key: a bare identifier or a string; `None` (nothing consumed) otherwise.
    fn resource_key(&mut self) -> Option<String> {
        match self.tok.kind {
            TokKind::BareId => {
                let k = self.spelling().to_string();
                self.bump();
                Some(k)
            }
            TokKind::String => self.parse_string_literal().ok(),
            _ => None,
        }
    }

    fn resource_entry_kind(&self) -> EntryKind {
        if self.is_keyword("true") || self.is_keyword("false") {
            EntryKind::Bool
        } else if self.spelling().starts_with("\"0x") {
            EntryKind::Blob
        } else {
            EntryKind::String
        }
    }

    /// The value token as a blob: `"0x"`, the alignment as 4 little-endian bytes (zero or a
    /// power of two), then the data. Upstream reads the hex from the token as written.
    fn resource_blob(&mut self, key: &str) -> PResult<crate::ResourceBlob> {
        let pos = self.tok.start;
        let text = self.spelling();
        let bytes = if self.is(TokKind::String) { super::dense_hex::hex_bytes(&text[1..text.len() - 1]) } else { None };
        // Upstream consumes the value token before looking at it.
        self.bump();
        let Some(bytes) = bytes else {
            return Err(self.error_at(pos, format!("expected hex string blob for key '{key}'")));
        };
        let Some((align, data)) = bytes.split_first_chunk::<4>() else {
            return Err(self.error_at(
                pos,
                format!("expected hex string blob for key '{key}' to encode alignment in first 4 bytes"),
            ));
        };
        let alignment = u32::from_le_bytes(*align);
        if alignment != 0 && !alignment.is_power_of_two() {
            return Err(self.error_at(
                pos,
                format!(
                    "expected hex string blob for key '{key}' to encode alignment in first 4 bytes, but got \
                     non-power-of-2 value: {alignment}"
                ),
            ));
        }
        Ok(crate::ResourceBlob { alignment, data: data.to_vec() })
    }

    /// `element (',' element)* end`, or just `end` (upstream's `parseCommaSeparatedListUntil`
    /// with an empty list allowed).
    pub(crate) fn comma_list_until(
        &mut self,
        end: TokKind,
        end_spelling: &str,
        mut element: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        if self.accept(end) {
            return Ok(());
        }
        loop {
            element(self)?;
            if !self.accept(TokKind::Comma) {
                break;
            }
        }
        self.expect(end, &format!("',' or '{end_spelling}'"))
    }
}
