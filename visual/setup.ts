// Visual tests: the same font files everywhere (shipped by @fontsource/inter, not the OS), no motion.
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import './deterministic.css';
