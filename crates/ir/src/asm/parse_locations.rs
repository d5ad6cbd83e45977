//! Locations: `loc(...)` after ops and block arguments, and the location instances inside
//! (`unknown`, `"file":line:col`, ranges, names, `callsite(... at ...)`, `fused<meta>[...]`,
//! `#alias`), with the wording and placement of upstream's `LocationParser.cpp`.

use super::lexer::TokKind;
use super::parser::{LocOrAlias, PResult, Parser};
use crate::attributes::AttrKind;
use crate::location::LocKind;
use crate::Location;

impl Parser<'_> {
    /// `loc(instance)` or `loc(#alias)`; an alias not defined yet is resolved at the end of
    /// the input, as upstream allows.
    pub(crate) fn parse_location_or_alias(&mut self) -> PResult<LocOrAlias> {
        self.expect_keyword("loc")?;
        self.expect(TokKind::LParen, "'(' in location")?;
        // A `#name` with a dot is a dialect attribute, parsed as an instance.
        if self.is(TokKind::HashId) && !self.spelling().contains('.') {
            let name = self.spelling()[1..].to_string();
            let pos = self.tok.start;
            let at = self.current_loc();
            self.bump();
            let alias = match self.attr_aliases.get(&name).copied() {
                Some(a) => match *self.ctx.attr_kind(a) {
                    AttrKind::Location(l) => LocOrAlias::Loc(l),
                    _ => {
                        let shown = super::printer::attr_to_string(self.ctx, a);
                        return Err(self.error_at(pos, format!("expected location, but found '{shown}'")));
                    }
                },
                None => LocOrAlias::Alias(name, at),
            };
            self.expect(TokKind::RParen, "')' in location")?;
            return Ok(alias);
        }
        let l = self.parse_location_body()?;
        self.expect(TokKind::RParen, "')' in location")?;
        Ok(LocOrAlias::Loc(l))
    }

    /// One location instance (upstream's `parseLocationInstance`). Nested instances count
    /// against the nesting limit.
    pub fn parse_location_body(&mut self) -> PResult<Location> {
        self.nested(Self::parse_location_instance)
    }

    fn parse_location_instance(&mut self) -> PResult<Location> {
        match self.tok.kind {
            TokKind::HashId => self.parse_location_alias_use(),
            TokKind::String => self.parse_name_or_file_location(),
            TokKind::BareId if self.is_keyword("callsite") => {
                self.bump();
                self.expect(TokKind::LParen, "'(' in callsite location")?;
                let callee = self.parse_location_body()?;
                if !self.accept_keyword("at") {
                    return Err(self.wrong_token_error("expected 'at' in callsite location"));
                }
                let caller = self.parse_location_body()?;
                self.expect(TokKind::RParen, "')' in callsite location")?;
                Ok(self.ctx.intern_loc(LocKind::CallSite { callee, caller }))
            }
            TokKind::BareId if self.is_keyword("fused") => {
                self.bump();
                let mut metadata = None;
                if self.accept(TokKind::Less) {
                    metadata = Some(self.parse_attribute(None)?);
                    self.expect(TokKind::Greater, "'>' after fused location metadata")?;
                }
                self.expect(TokKind::LSquare, "'[' in fused location")?;
                let mut locs = Vec::new();
                if !self.accept(TokKind::RSquare) {
                    loop {
                        locs.push(self.parse_location_body()?);
                        if !self.accept(TokKind::Comma) {
                            break;
                        }
                    }
                    self.expect(TokKind::RSquare, "']' in fused location")?;
                }
                Ok(self.ctx.intern_loc(LocKind::Fused { locs, metadata }))
            }
            TokKind::BareId if self.is_keyword("unknown") => {
                self.bump();
                Ok(self.ctx.unknown_loc())
            }
            _ => Err(self.wrong_token_error("expected location instance")),
        }
    }

    /// `#alias` inside a location: it must be defined already and be a location. Upstream
    /// reports both errors at the token after the alias.
    fn parse_location_alias_use(&mut self) -> PResult<Location> {
        let name = self.spelling()[1..].to_string();
        self.bump();
        match self.attr_aliases.get(&name).copied() {
            None => Err(self.error_here(format!("undefined symbol alias id '{name}'"))),
            Some(a) => match *self.ctx.attr_kind(a) {
                AttrKind::Location(l) => Ok(l),
                _ => {
                    // Upstream's wording has no space before the attribute.
                    let shown = super::printer::attr_to_string(self.ctx, a);
                    Err(self.error_here(format!("expected location attribute, but got{shown}")))
                }
            },
        }
    }

    /// `"name"`, `"name"(child)`, `"file":line`, `"file":line:col`, and the ranges
    /// `"file":line:col to [line]:col`.
    fn parse_name_or_file_location(&mut self) -> PResult<Location> {
        let s = self.parse_string_literal()?;
        if self.accept(TokKind::Colon) {
            const LINE: &str = "expected integer line number in FileLineColRange";
            const COL: &str = "expected integer column number in FileLineColRange";
            let line = self.location_number(LINE)?;
            if !self.accept(TokKind::Colon) {
                // A line alone is a range of that line from column 0.
                return Ok(self.ctx.file_loc(&s, line, 0));
            }
            let col = self.location_number(COL)?;
            if !self.accept_keyword("to") {
                return Ok(self.ctx.file_loc(&s, line, col));
            }
            let end_line = if self.is(TokKind::Integer) { self.location_number(LINE)? } else { line };
            if !self.accept(TokKind::Colon) {
                return Err(self.wrong_token_error("expected either integer or `:` post `to` in FileLineColRange"));
            }
            let end_col = self.location_number(COL)?;
            if (end_line, end_col) == (line, col) {
                return Ok(self.ctx.file_loc(&s, line, col));
            }
            let file = self.ctx.intern_str(&s);
            return Ok(self.ctx.intern_loc(LocKind::FileLineColRange { file, line, col, end_line, end_col }));
        }
        let child = if self.accept(TokKind::LParen) {
            let c = self.parse_location_body()?;
            self.expect(TokKind::RParen, "')' after child location of NameLoc")?;
            Some(c)
        } else {
            None
        };
        Ok(self.ctx.name_loc(&s, child))
    }

    /// An unsigned 32-bit line or column number (decimal or `0x`), as upstream's
    /// `getUnsignedIntegerValue` reads it; `msg` when it is missing or too large.
    fn location_number(&mut self, msg: &str) -> PResult<u32> {
        if !self.is(TokKind::Integer) {
            return Err(self.wrong_token_error(msg));
        }
        let text = self.spelling();
        let v = match text.strip_prefix("0x") {
            Some(h) => u32::from_str_radix(h, 16).ok(),
            None => text.parse().ok(),
        };
        let Some(v) = v else { return Err(self.wrong_token_error(msg)) };
        self.bump();
        Ok(v)
    }
}
