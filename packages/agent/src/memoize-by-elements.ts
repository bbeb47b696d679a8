/**
 * `build` remembered for its last list: called again only when the list's length or any element
 * (by identity) changed. The surface lists fresh arrays of the same definition objects at every
 * step, so the tools and the system prompt are built once per session while the tools stay put.
 */
export function memoizeByElements<Element, Result>(
  build: (list: readonly Element[]) => Result,
): (list: readonly Element[]) => Result {
  let last: readonly Element[] | undefined;
  let result: Result;
  return (list) => {
    if (last && last.length === list.length && last.every((element, index) => element === list[index]))
      return result;
    result = build(list);
    last = list;
    return result;
  };
}
