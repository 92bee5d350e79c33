"""Flask blueprints: thin views that validate input, call the rules database or the engine,
and render pages or JSON."""

from web.api_sections import bp as api_sections_bp
from web.eclipse_combat import bp as eclipse_combat_bp
from web.health import bp as health_bp
from web.reference import bp as reference_bp
from web.tools import bp as tools_bp

# Every blueprint of the app, registered in this order by create_app().
BLUEPRINTS = [
    reference_bp,
    api_sections_bp,
    tools_bp,
    health_bp,
    eclipse_combat_bp,
]
