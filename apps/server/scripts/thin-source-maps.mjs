// The bundled npm dependencies' part of the server's source maps, cut to one mapping per line of their source.
// Node (--enable-source-maps) decodes each map whole when the file loads; the dependencies' token-by-token
// mappings were four fifths of them (about 25 MB of the process's memory on Node 22). A stack frame in a
// dependency still names its file and line (not the column); the app's own code keeps every mapping.
import { readFileSync, writeFileSync } from 'node:fs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** A segment's fields (Base64 VLQ, each relative to the one before), as numbers. */
function decodeSegment(text) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`not a source map segment: ${text}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

function encodeValue(n) {
  let value = n < 0 ? (-n << 1) | 1 : n << 1;
  let text = '';
  do {
    let digit = value & 31;
    value >>>= 5;
    if (value > 0) digit |= 32;
    text += BASE64[digit];
  } while (value > 0);
  return text;
}

/** Rewrites `mapPath`, keeping every mapping into our code and, per generated line, the first into each line of a dependency. */
export function thinSourceMap(mapPath, isDependency = (source) => source.includes('node_modules/')) {
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  const dependency = map.sources.map((source) => isDependency(source));
  // Absolute positions as read, and the last ones written (each written field is relative to the last written).
  const read = [0, 0, 0, 0];
  const written = [0, 0, 0, 0];
  const lines = map.mappings.split(';').map((line) => {
    let column = 0;
    let writtenColumn = 0;
    let lastSource = -1;
    let lastLine = -1;
    const kept = [];
    for (const text of line.split(',')) {
      if (!text) continue;
      const fields = decodeSegment(text);
      column += fields[0];
      if (fields.length === 1) continue; // a position mapped to no source: nothing to keep
      for (let i = 1; i < fields.length; i++) read[i - 1] += fields[i];
      const [source, originalLine] = read;
      if (dependency[source] && source === lastSource && originalLine === lastLine) continue;
      lastSource = source;
      lastLine = originalLine;
      let segment = encodeValue(column - writtenColumn);
      writtenColumn = column;
      for (let i = 1; i < fields.length; i++) {
        segment += encodeValue(read[i - 1] - written[i - 1]);
        written[i - 1] = read[i - 1];
      }
      kept.push(segment);
    }
    return kept.join(',');
  });
  map.mappings = lines.join(';');
  writeFileSync(mapPath, JSON.stringify(map));
}
