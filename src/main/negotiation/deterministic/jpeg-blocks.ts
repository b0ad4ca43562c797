/**
 * The mean colour of every 8×8 block of a baseline JPEG, read from the blocks' DC coefficients alone.
 *
 * Naming the colour of a button needs its average colour, not its pixels. A full decode (jpeg-js) spends most of its
 * time on the inverse DCT, upsampling and colour conversion of every pixel: about 100 ms for a 100 KB 1280×720
 * screenshot, and several hundred on a cold start. Here the entropy-coded data is still walked (the AC coefficients
 * must be read to be skipped) but nothing else is done per pixel, at an eighth of the resolution.
 *
 * Baseline and extended Huffman JPEGs with one interleaved scan (what Chromium writes); anything else (progressive,
 * arithmetic coding, 12-bit, several scans, Adobe RGB) returns undefined and the caller decodes it fully.
 */

/** Block means as an image: `data` holds ceil(width/8) × ceil(height/8) RGBA samples, one per 8×8 block. */
export interface BlockImage {
  width: number;
  height: number;
  /** Pixels per sample along each axis: 8. */
  cell: number;
  data: Uint8Array;
}

interface Huffman {
  maxcode: Int32Array;
  valptr: Int32Array;
  mincode: Int32Array;
  values: Uint8Array;
}

interface Component {
  id: number;
  h: number;
  v: number;
  tq: number;
  td: number;
  ta: number;
}

/** Canonical Huffman decoding tables (ITU T.81, F.2.2.3). */
function huffman(counts: Uint8Array, values: Uint8Array): Huffman {
  const maxcode = new Int32Array(17).fill(-1);
  const valptr = new Int32Array(17);
  const mincode = new Int32Array(17);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    const n = counts[length - 1];
    if (n) {
      valptr[length] = k;
      mincode[length] = code;
      code += n;
      k += n;
      maxcode[length] = code - 1;
    }
    code <<= 1;
  }
  return { maxcode, valptr, mincode, values };
}

class Corrupt extends Error {}

export function decodeBlockMeans(bytes: Uint8Array): BlockImage | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  const quant: Uint16Array[] = [];
  const dcTables: Huffman[] = [];
  const acTables: Huffman[] = [];
  let width = 0;
  let height = 0;
  let components: Component[] = [];
  let restartInterval = 0;
  let pos = 2;
  try {
    while (pos + 4 <= bytes.length) {
      if (bytes[pos] !== 0xff) return undefined;
      const marker = bytes[pos + 1];
      pos += 2;
      if (marker === 0xff) {
        pos--;
        continue;
      }
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
      if (marker === 0xd9) return undefined;
      const end = pos + ((bytes[pos] << 8) | bytes[pos + 1]);
      const seg = pos + 2;
      if (end > bytes.length) return undefined;
      if (marker === 0xdb) {
        for (let p = seg; p < end; ) {
          const wide = bytes[p] >> 4;
          const table = new Uint16Array(64);
          for (let k = 0; k < 64; k++)
            table[k] = wide ? (bytes[p + 1 + 2 * k] << 8) | bytes[p + 2 + 2 * k] : bytes[p + 1 + k];
          quant[bytes[p] & 15] = table;
          p += 1 + (wide ? 128 : 64);
        }
      } else if (marker === 0xc4) {
        for (let p = seg; p < end; ) {
          const counts = bytes.subarray(p + 1, p + 17);
          const n = counts.reduce((sum, c) => sum + c, 0);
          (bytes[p] >> 4 ? acTables : dcTables)[bytes[p] & 15] = huffman(counts, bytes.subarray(p + 17, p + 17 + n));
          p += 17 + n;
        }
      } else if (marker === 0xc0 || marker === 0xc1) {
        if (bytes[seg] !== 8) return undefined;
        height = (bytes[seg + 1] << 8) | bytes[seg + 2];
        width = (bytes[seg + 3] << 8) | bytes[seg + 4];
        components = [];
        for (let c = 0, p = seg + 6; c < bytes[seg + 5]; c++, p += 3) {
          components.push({ id: bytes[p], h: bytes[p + 1] >> 4, v: bytes[p + 1] & 15, tq: bytes[p + 2], td: 0, ta: 0 });
        }
      } else if (marker >= 0xc2 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return undefined;
      } else if (marker === 0xee) {
        return undefined;
      } else if (marker === 0xdd) {
        restartInterval = (bytes[seg] << 8) | bytes[seg + 1];
      } else if (marker === 0xda) {
        const count = bytes[seg];
        if (!width || !height || count !== components.length || (count !== 1 && count !== 3)) return undefined;
        for (let k = 0; k < count; k++) {
          const component = components.find(c => c.id === bytes[seg + 1 + 2 * k]);
          if (!component) return undefined;
          component.td = bytes[seg + 2 + 2 * k] >> 4;
          component.ta = bytes[seg + 2 + 2 * k] & 15;
        }
        if (components.some(c => !quant[c.tq] || !dcTables[c.td] || !acTables[c.ta] || !c.h || !c.v)) return undefined;
        return scan(bytes, end, { width, height, components, quant, dcTables, acTables, restartInterval });
      }
      pos = end;
    }
  } catch (error) {
    if (error instanceof Corrupt) return undefined;
    throw error;
  }
  return undefined;
}

interface Frame {
  width: number;
  height: number;
  components: Component[];
  quant: Uint16Array[];
  dcTables: Huffman[];
  acTables: Huffman[];
  restartInterval: number;
}

/** Walks the entropy-coded data, keeping each block's DC term; then turns the block means into RGBA. */
function scan(bytes: Uint8Array, start: number, frame: Frame): BlockImage {
  const { width, height, components, restartInterval } = frame;
  let pos = start;
  let buffer = 0;
  let bits = 0;
  const bit = () => {
    if (bits === 0) {
      let byte = bytes[pos] ?? 0;
      if (byte === 0xff) {
        // FF 00 is a stuffed FF; FF followed by anything else is a marker: the data has ended, read zeros.
        if (bytes[pos + 1] === 0) pos += 2;
        else byte = 0;
      } else pos++;
      buffer = byte;
      bits = 8;
    }
    bits--;
    return (buffer >> bits) & 1;
  };
  const decode = (table: Huffman) => {
    let code = 0;
    for (let length = 1; length <= 16; length++) {
      code = (code << 1) | bit();
      if (code <= table.maxcode[length]) return table.values[table.valptr[length] + code - table.mincode[length]];
    }
    throw new Corrupt('bad Huffman code');
  };
  const receive = (size: number) => {
    let value = 0;
    for (let k = 0; k < size; k++) value = (value << 1) | bit();
    return value < 1 << (size - 1) ? value - (1 << size) + 1 : value;
  };

  const single = components.length === 1;
  const hmax = single ? 1 : Math.max(...components.map(c => c.h));
  const vmax = single ? 1 : Math.max(...components.map(c => c.v));
  const mcusX = Math.ceil(width / (8 * hmax));
  const mcusY = Math.ceil(height / (8 * vmax));
  const grids = components.map(c => {
    const h = single ? 1 : c.h;
    const v = single ? 1 : c.v;
    const across = mcusX * h;
    return {
      c,
      h,
      v,
      across,
      means: new Float32Array(across * mcusY * v),
      predictor: 0,
      q0: frame.quant[c.tq][0],
      dc: frame.dcTables[c.td],
      ac: frame.acTables[c.ta],
    };
  });

  const total = mcusX * mcusY;
  for (let mcu = 0; mcu < total; mcu++) {
    if (restartInterval && mcu > 0 && mcu % restartInterval === 0) {
      // Restart: byte-align, step over the RSTn marker, reset the DC predictors.
      bits = 0;
      while (pos + 1 < bytes.length && !(bytes[pos] === 0xff && bytes[pos + 1] >= 0xd0 && bytes[pos + 1] <= 0xd7))
        pos++;
      pos += 2;
      for (const grid of grids) grid.predictor = 0;
    }
    const mx = mcu % mcusX;
    const my = Math.floor(mcu / mcusX);
    for (const grid of grids) {
      for (let v = 0; v < grid.v; v++) {
        for (let h = 0; h < grid.h; h++) {
          const size = decode(grid.dc);
          grid.predictor += size ? receive(size) : 0;
          for (let k = 1; k < 64; ) {
            const rs = decode(grid.ac);
            const skip = rs >> 4;
            const size2 = rs & 15;
            if (!size2) {
              if (skip !== 15) break;
              k += 16;
              continue;
            }
            k += skip;
            for (let b = 0; b < size2; b++) bit();
            k++;
          }
          // F(0,0) = 8 × the block mean, level-shifted by 128.
          grid.means[(my * grid.v + v) * grid.across + mx * grid.h + h] = (grid.predictor * grid.q0) / 8 + 128;
        }
      }
    }
  }

  const across = Math.ceil(width / 8);
  const down = Math.ceil(height / 8);
  const data = new Uint8Array(across * down * 4);
  const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : Math.round(value));
  for (let by = 0; by < down; by++) {
    for (let bx = 0; bx < across; bx++) {
      const sample = (k: number) => {
        const grid = grids[k];
        return grid.means[Math.floor((by * grid.v) / vmax) * grid.across + Math.floor((bx * grid.h) / hmax)];
      };
      const at = (by * across + bx) * 4;
      const y = sample(0);
      if (single) {
        data[at] = data[at + 1] = data[at + 2] = clamp(y);
      } else {
        const cb = sample(1) - 128;
        const cr = sample(2) - 128;
        data[at] = clamp(y + 1.402 * cr);
        data[at + 1] = clamp(y - 0.344136 * cb - 0.714136 * cr);
        data[at + 2] = clamp(y + 1.772 * cb);
      }
      data[at + 3] = 255;
    }
  }
  return { width, height, cell: 8, data };
}
