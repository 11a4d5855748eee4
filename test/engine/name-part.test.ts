/**
 * One name of an archive path, alone: Windows' device names in every form it reserves, characters no
 * file name may hold, and names cut to a byte or character budget between code points only.
 */
import { describe, expect, it } from 'vitest';
import { cut, namePart, safeText, unreserved } from '../../server/engine/files/name-part.ts';

describe('a name part', () => {
  it.each([
    ['CON', 'CON_'],
    ['con', 'con_'],
    ['nul.txt', 'nul_.txt'],
    ['aux.mbox.mbox', 'aux_.mbox.mbox'],
    ['Com9', 'Com9_'],
    ['LPT1.tar.gz', 'LPT1_.tar.gz'],
    ['COM¹', 'COM¹_'],
    ['lpt³.eml', 'lpt³_.eml'],
    ['prn .old', 'prn _.old'],
    ['CONOUT$', 'CONOUT$_'],
    ['Console', 'Console'],
    ['COM10', 'COM10'],
    ['my.con', 'my.con'],
  ])('%s is not a device name once it is %s', (name, safe) => {
    expect(unreserved(name)).toBe(safe);
  });

  it('holds no character a file name may not, and no trailing dot or space', () => {
    expect(safeText('a<b>c:d"e/f\\g|h?i*j\tk\u007f')).toBe('a_b_c_d_e_f_g_h_i_j_k_');
    expect(safeText('dots... ')).toBe('dots');
    expect(safeText('..')).toBe('_');
    expect(safeText(`x\ud800y\udc00z😀`)).toBe('x_y_z😀');
  });

  it('is cut between code points, never inside a surrogate pair or a UTF-8 sequence', () => {
    expect(cut('a😀b', 2, 255)).toBe('a');
    expect(cut('a😀b', 3, 255)).toBe('a😀');
    expect(cut('é中😀x', 10, 5)).toBe('é中');
    expect(cut('é中😀x', 10, 8)).toBe('é中');
    expect(cut('é中😀x', 10, 9)).toBe('é中😀');
    expect(cut('é中😀x', 10, 4)).toBe('é');
  });

  it('keeps within 255 bytes and its characters, tagged when cut', () => {
    const long = namePart('😀'.repeat(100), { end: '.mbox', chars: 240, tag: '~0123abcd', tagged: false, keep: 'start' });
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(255);
    expect(long).toMatch(/^(😀)+~0123abcd\.mbox$/);
    expect(namePart('short', { end: '.mbox', chars: 240, tag: '~0123abcd', tagged: false, keep: 'start' })).toBe('short.mbox');
    expect(namePart('Parent - Child - Grandchild', { end: '', chars: 24, tag: '~0123abcd', tagged: true, keep: 'end' })).toBe(
      '… - Grandchild~0123abcd',
    );
    expect(namePart('nul.and more text', { end: '', chars: 14, tag: '~0123abcd', tagged: false, keep: 'start' })).toBe('nul_.~0123abcd');
  });
});
