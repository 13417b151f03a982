const { src, dest } = require('gulp');

// tsc compiles nodes/ and credentials/; the SVG icons they point at (file:../../icons/...) are copied beside.
function buildIcons() {
	return src('icons/*.svg').pipe(dest('dist/icons'));
}

exports['build:icons'] = buildIcons;
