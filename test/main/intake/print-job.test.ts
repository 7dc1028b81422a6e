import { describe, expect, it } from 'vitest';
import { parseCupsOptions, recipientsFromOptions } from '@main/intake/print-job';

describe('the options of a print job', () => {
  it('are read the way CUPS writes them: quotes, backslash escapes, bare booleans', () => {
    const o = parseCupsOptions(`finishings=3 phone='+86 10 1234 5678,021-8765-4321' title="a \\"b\\"" name=x\\ y collate noop=`);
    expect(o.get('phone')).toBe('+86 10 1234 5678,021-8765-4321');
    expect(o.get('title')).toBe('a "b"');
    expect(o.get('name')).toBe('x y');
    expect(o.get('collate')).toBe('true');
    expect(o.get('noop')).toBe('');
  });

  it('give the fax numbers of phone= (several, comma-separated), each once', () => {
    const o = parseCupsOptions('phone=+861012345678,02187654321,,+861012345678 faxnumber=13800138000');
    expect(recipientsFromOptions(o)).toEqual(['+861012345678', '02187654321', '13800138000']);
    expect(recipientsFromOptions(parseCupsOptions('number-up=2'))).toEqual([]);
  });
});
