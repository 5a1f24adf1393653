// Ionic's global styles and the theme. CSS costs a phone little next to Ionic's scripts,
// so the driver's light start takes them too: nothing restyles when Ionic arrives later.
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '../theme/theme.css';
