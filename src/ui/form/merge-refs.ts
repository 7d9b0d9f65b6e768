import type { Ref, RefCallback } from 'react';

/** One ref callback that fills several refs (a form's registration and a dialog's focus target). */
export function mergeRefs<T>(...refs: ReadonlyArray<Ref<T> | undefined>): RefCallback<T> {
  return (value) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(value);
      else if (ref) ref.current = value;
    }
  };
}
