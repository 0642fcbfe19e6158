import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A Vitest sequencer that starts the named test files first (by path suffix, in the order given), then the
 * rest as Vitest orders them. A fresh clone has no timings from earlier runs, and Vitest then orders by
 * file size: a long file that is small (crash tests, a corpus round trip) started last runs alone at the
 * end while the other worker sits idle.
 */
export function longestFirst(suffixes: string[]): typeof BaseSequencer {
  const rank = (file: TestSpecification) => suffixes.findIndex((suffix) => file.moduleId.endsWith(suffix));
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const named = sorted.filter((file) => rank(file) >= 0).sort((a, b) => rank(a) - rank(b));
      return [...named, ...sorted.filter((file) => rank(file) < 0)];
    }
  };
}
