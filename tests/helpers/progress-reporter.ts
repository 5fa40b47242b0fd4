/**
 * The browser stage's reporter: Vitest's verbose reporter (a line as each
 * test finishes) plus a line as each file starts, so the minute or more a
 * browser file spends starting its server and Chromium and walking through
 * its flows never passes in silence, in a terminal or in a CI log.
 */
import { VerboseReporter, type TestModule } from 'vitest/node';

export default class ProgressReporter extends VerboseReporter {
  onTestModuleStart(module: TestModule): void {
    this.log(` ▶ ${module.moduleId.replace(`${process.cwd()}/`, '')}: starting`);
  }
}
