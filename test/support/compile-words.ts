/**
 * Every suite compiles the catalogs' messages as the service does, at first use (decision 0033): the
 * browser's build compiles them beforehand (scripts/vite/compile-words.ts), a test reads the sources.
 */
import { compileChecked } from '../../contract/words/compile.ts';
import { compileWith } from '../../contract/words/translate.ts';

compileWith(compileChecked);
