#!/usr/bin/perl
# dbcheck.pl — compares the rows of a database with the .facts files, relation by relation.
#
#   perl dbcheck.pl query SCHEMA.sql sqlite|postgres [REL...] > query.sql
#       the SELECT statements that dump every table (or the named ones) as lines
#       `relation<TAB>field...`, symbols as upper-case hex of their bytes (so that any
#       byte, NUL, tab or newline included, comes through the client unchanged), numbers
#       in decimal, floats as the database prints them.
#   perl dbcheck.pl compare SCHEMA.sql DUMP FACTDIR [REL...]
#       turns every dumped row back into a .facts line with an escaper of its own (a
#       re-implementation of src/facts/sink.c's: \t \n \r \\ \0, \xNN for bytes that are
#       not UTF-8) and floats into %.17g, sorts both sides bytewise and compares them with
#       FACTDIR/<relation>.facts. Prints one line per relation that differs (with the
#       first differing rows) and exits 1 if any does; 0 when all are equal.
# SCHEMA.sql is `irlog schema --sql` (SQLite dialect): it gives the relations and the kinds
# of their columns (TEXT symbol, INTEGER number, REAL float).
use strict;
use warnings;

my $mode = shift @ARGV or die "usage: dbcheck.pl query|compare ...\n";
my $schema_file = shift @ARGV or die "dbcheck.pl: no schema file\n";
my (%cols, @order);
open(my $sf, '<', $schema_file) or die "dbcheck.pl: $schema_file: $!\n";
while (<$sf>) {
    next unless /^CREATE TABLE "(\w+)" \((.*)\)/;
    my ($rel, $body) = ($1, $2);
    next if $rel =~ /^irlog_/;
    $body =~ s/, PRIMARY KEY.*//;
    my @c;
    for my $def (split /, /, $body) {
        $def =~ /^"(\w+)" (.*) NOT NULL$/ or die "dbcheck.pl: cannot read column '$def' of $rel\n";
        my ($n, $t) = ($1, $2);
        push @c, [$n, $t eq 'TEXT' ? 'S' : $t eq 'INTEGER' ? 'I' : $t =~ /REAL/ ? 'F'
                      : die "dbcheck.pl: column $n of $rel: unknown type $t\n"];
    }
    $cols{$rel} = \@c;
    push @order, $rel;
}
close $sf;
die "dbcheck.pl: no tables in $schema_file\n" unless @order;

if ($mode eq 'query') {
    my $dialect = shift @ARGV;
    my @rels = @ARGV ? @ARGV : @order;
    for my $rel (@rels) {
        die "dbcheck.pl: unknown relation $rel\n" unless $cols{$rel};
        my @e = ("'$rel'");
        for my $c (@{$cols{$rel}}) {
            my ($n, $k) = @$c;
            if ($k eq 'S') {
                push @e, $dialect eq 'postgres' ? "upper(encode(convert_to(\"$n\", 'UTF8'), 'hex'))"
                                                : "hex(\"$n\")";
            } elsif ($k eq 'F') {
                push @e, $dialect eq 'postgres' ? "\"$n\"::text" : "printf('%!.17g', \"$n\")";
            } else {
                push @e, "\"$n\"";
            }
        }
        print "SELECT ", join(', ', @e), " FROM \"$rel\";\n";
    }
    exit 0;
}

die "dbcheck.pl: unknown mode $mode\n" unless $mode eq 'compare';
my ($dump, $factdir, @only) = @ARGV;

# the escaper: src/facts/sink.c's TSV escaping, written again
sub utf8_len {    # length of the well-formed UTF-8 sequence at $b[$i], else 0
    my ($b, $i) = @_;
    my $c = $b->[$i];
    my ($len, $lo, $hi) = (0, 0x80, 0xBF);
    if ($c >= 0xC2 && $c <= 0xDF) { $len = 2 }
    elsif ($c >= 0xE0 && $c <= 0xEF) { $len = 3; $lo = 0xA0 if $c == 0xE0; $hi = 0x9F if $c == 0xED }
    elsif ($c >= 0xF0 && $c <= 0xF4) { $len = 4; $lo = 0x90 if $c == 0xF0; $hi = 0x8F if $c == 0xF4 }
    else { return 0 }
    return 0 if $i + $len > @$b || $b->[$i + 1] < $lo || $b->[$i + 1] > $hi;
    for my $k (2 .. $len - 1) {
        return 0 if $b->[$i + $k] < 0x80 || $b->[$i + $k] > 0xBF;
    }
    return $len;
}
my %esc = (9 => '\t', 10 => '\n', 13 => '\r', 92 => '\\\\', 0 => '\0');
sub escape {
    my @b = unpack('C*', pack('H*', $_[0]));
    my $o = '';
    for (my $i = 0; $i < @b; $i++) {
        my $c = $b[$i];
        if (exists $esc{$c}) { $o .= $esc{$c} }
        elsif ($c < 0x80) { $o .= chr($c) }
        elsif (my $l = utf8_len(\@b, $i)) { $o .= pack('C*', @b[$i .. $i + $l - 1]); $i += $l - 1 }
        else { $o .= sprintf('\\x%02X', $c) }
    }
    return $o;
}

my %got;
open(my $df, '<:raw', $dump) or die "dbcheck.pl: $dump: $!\n";
while (my $line = <$df>) {
    chomp $line;
    my ($rel, @f) = split /\t/, $line, -1;
    my $c = $cols{$rel} or die "dbcheck.pl: $dump: a row of unknown relation '$rel'\n";
    die "dbcheck.pl: $rel: " . scalar(@f) . " fields, expected " . scalar(@$c) . "\n" if @f != @$c;
    for my $i (0 .. $#f) {
        my $k = $c->[$i][1];
        if ($k eq 'S') { $f[$i] = escape($f[$i]) }
        elsif ($k eq 'F') { $f[$i] = sprintf('%.17g', $f[$i]) }
    }
    push @{$got{$rel}}, join("\t", @f);
}
close $df;

my ($bad, $rows) = (0, 0);
for my $rel (@only ? @only : @order) {
    my $file = "$factdir/$rel.facts";
    open(my $ff, '<:raw', $file) or do { print "FAIL $rel: cannot read $file: $!\n"; $bad++; next };
    my @exp = <$ff>;
    close $ff;
    chomp @exp;
    my @e = sort @exp;
    my @g = sort @{$got{$rel} || []};
    $rows += @e;
    next if "@e" eq "@g" && @e == @g && join("\n", @e) eq join("\n", @g);
    $bad++;
    print "FAIL $rel: the database has " . scalar(@g) . " rows, $file " . scalar(@e) . "\n";
    my %ce; $ce{$_}++ for @e;
    my %cg; $cg{$_}++ for @g;
    my $shown = 0;
    for my $r (@e) { if (($cg{$r} || 0) < $ce{$r}) { print "     only in the .facts: $r\n"; $cg{$r}++; last if ++$shown >= 5 } }
    %cg = (); $cg{$_}++ for @g; %ce = (); $ce{$_}++ for @e;
    for my $r (@g) { if (($ce{$r} || 0) < $cg{$r}) { print "     only in the database: $r\n"; $ce{$r}++; last if ++$shown >= 10 } }
}
print "$rows rows in " . scalar(@only ? @only : @order) . " relations compared, $bad relations differ\n";
exit($bad ? 1 : 0);
