// Prints docs/permissions.md from the route-access table: `npm run docs:permissions`.
import { permissionsMarkdown } from '../server/route-access';

process.stdout.write(permissionsMarkdown());
