import type { Handlers } from './dispatch';

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/**
 * The handler files' maps joined into one. A channel two files both answer is a mistake an object
 * spread would hide (the later file silently wins): it stops start-up instead, naming the channel.
 */
export function joinHandlers<T extends Partial<Handlers>[]>(...parts: T): UnionToIntersection<T[number]> {
  const joined: Partial<Record<string, unknown>> = {};
  for (const part of parts) {
    for (const [name, handler] of Object.entries(part)) {
      if (Object.hasOwn(joined, name)) throw new Error(`Two handler files answer the channel "${name}": keep it in one (src/main/ipc/handlers/<feature>.ts).`);
      joined[name] = handler;
    }
  }
  return joined as UnionToIntersection<T[number]>;
}
