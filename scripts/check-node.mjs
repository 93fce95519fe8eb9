// Stops `npm start`, `npm test` and the other entry points on a Node.js the product does not
// support, with one line that says which to install. Mirrors `engines` in package.json:
// Node 24 (active LTS, the one to install) or Node 22 from 22.22.
const [major, minor] = process.versions.node.split('.').map(Number);
const supported = major >= 24 || (major === 22 && minor >= 22);
if (!supported) {
  console.error(
    `This project needs Node.js 24 LTS (or 22.22+); this is Node ${process.version}. ` +
      'Install Node 24 (nvm install 24, or scripts/ensure-node.sh) and run the command again.',
  );
  process.exit(1);
}
