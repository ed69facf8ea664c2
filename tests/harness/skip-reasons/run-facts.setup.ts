// Leaves the run's facts where the nested run's summary reporter reads them, as the scenarios' global setup does.
import { join } from 'node:path';
import { writeRunFacts } from '../../../fixtures/run/run-summary';

export default function setup(): void {
  writeRunFacts(
    { target: 'devnet', clientBuild: 'plume', contracts: 'plume' },
    join(process.env.SKIP_REASONS_OUT!, 'run-facts.json'),
  );
}
