-- Drives Neovim's built-in LSP client (the API of 0.7, still in 0.10) against `redis-lua-lint lsp`
-- for lsp_nvim_test.go: opens RLL_FILE, waits for the diagnostics, applies
-- the first code action with an edit at 0:2, waits for the re-lint after
-- that change, asks for the hover at 2:14, and writes what it saw as JSON
-- to RLL_OUT, then quits. Every wait is bounded.
local out = {}

local function code_of(d)
  if d.code ~= nil then return d.code end
  local lsp = d.user_data and d.user_data.lsp
  return lsp and lsp.code
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('RLL_FILE')))
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({
    name = 'redis-lua-lint',
    cmd = { os.getenv('RLL_BIN'), 'lsp' },
    root_dir = vim.fn.fnamemodify(os.getenv('RLL_FILE'), ':h'),
  })
  vim.lsp.buf_attach_client(buf, id)

  out.got_diagnostics = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
  out.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(out.diagnostics, {
      lnum = d.lnum, col = d.col, end_col = d.end_col, severity = d.severity,
      code = code_of(d), source = d.source, message = d.message,
    })
  end

  local uri = vim.uri_from_bufnr(buf)
  local res = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', {
    textDocument = { uri = uri },
    range = { start = { line = 0, character = 2 }, ['end'] = { line = 0, character = 2 } },
    context = { diagnostics = {} },
  }, 20000)
  out.actions = {}
  local first
  for _, r in pairs(res or {}) do
    for _, a in ipairs(r.result or {}) do
      table.insert(out.actions, a.title)
      if not first and a.edit then first = a end
    end
  end
  if first then
    vim.lsp.util.apply_workspace_edit(first.edit, 'utf-16')
  end
  out.lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  -- The edit reaches the server as a didChange: the finding it fixed
  -- goes, the others stay.
  out.relinted = vim.wait(20000, function()
    local ds = vim.diagnostic.get(buf)
    for _, d in ipairs(ds) do
      if code_of(d) == 'global-assignment' then return false end
    end
    return #ds > 0
  end, 20)
  out.codes_after = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(out.codes_after, code_of(d)) end

  local h = vim.lsp.buf_request_sync(buf, 'textDocument/hover', {
    textDocument = { uri = uri }, position = { line = 2, character = 14 },
  }, 20000)
  for _, r in pairs(h or {}) do
    if r.result and r.result.contents then out.hover = r.result.contents.value end
  end

  -- Functions rather than client methods, whose calling convention
  -- changed after 0.7 (Debian's releases range from 0.7 to 0.10).
  vim.lsp.stop_client(id)
  out.stopped = vim.wait(20000, function() return vim.lsp.get_client_by_id(id) == nil end, 20)
end)
if not ok then out.error = tostring(err) end

local f = assert(io.open(os.getenv('RLL_OUT'), 'w'))
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd('qa!')
