// The static report's viewer (agent-inspector report): the app itself, over the answers the report holds.
import './install';
import '../main';
