/*
 * source_names.h — results at source level (irlog analyze --source-names): the rules
 * that name call-graph edges and points-to facts by file, line, column and the
 * program's own names, from the debug info (source_names.c; docs/analyze.md).
 */
#ifndef IRLOG_SOURCE_NAMES_H
#define IRLOG_SOURCE_NAMES_H

/* Datalog rules over the schema and pointsto.dl's results, with two .output relations
 * (call_graph_edge_source, source_points_to) and the count relations the summary reads
 * (source_names_*). */
extern const char cli_source_names_rules[];

#endif
