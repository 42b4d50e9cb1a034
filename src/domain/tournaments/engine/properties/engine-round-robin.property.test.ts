// Round Robin events of 2..300 teams played through the engine against the oracle of engine-property-kit.ts.
import { describeEvents } from './engine-property-kit.ts';

describeEvents('ROUND_ROBIN');
