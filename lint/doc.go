// Package lint is the driver: it finds the files to check (discovery,
// .gitignore, excludes), reads them safely (size limit, special files),
// loads the configuration, runs the rules of analyzer on each file in
// parallel (Engine), applies suppressions and configured severities, and
// hands the results to the printers in path order, as they are ready.
package lint
