package report

import (
	"errors"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var errWrite = errors.New("disk full")

func span(start, end int) luaast.Span {
	return luaast.Span{Start: luaast.Pos(start), End: luaast.Pos(end)}
}
